/**
 * The firm's templates and a client's: upload (a presigned POST to a staging key, as a logo or large
 * evidence is sent), one processing call that checks the bytes (check-template.ts) and keeps the template, the
 * list a report's Finalize & Brand step chooses from, and delete.
 *
 * Who: a firm template (no organization) is the administrators'; a client's template is its lead's. The lead
 * is the access policy's to decide (the routes declare `clientAction: 'manage_team'` and name the client in
 * `organization_id`, which the API middleware checks before the handler runs); the administrator is checked here.
 */
import { randomUUID } from 'node:crypto';
import { reportsDetails } from '@shared/messages/reports';
import { templatesDetails } from '@shared/messages/templates';
import type { PresignResponse } from '@shared/schemas/evidence';
import { TEMPLATE_MAX_BYTES, TEMPLATES_MAX, type TemplateInfo, type TemplatePresignBody } from '@shared/schemas/templates';
import { presignDownload } from '../../data/download-signer';
import { keys } from '../../data/keys';
import { getOrganization } from '../../data/organizations-repo';
import { putPendingUpload } from '../../data/pending-uploads-repo';
import { presignUpload } from '../../data/upload-signer';
import { getTemplate, listTemplates, type TemplateRecord } from '../../data/templates-repo';
import { BadRequestError, ForbiddenError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../lib/errors';
import { assertAdmin } from '../auth/assert-admin';
import { discardTemplate } from './discard';
import { templateKindFromName } from './template-kind';

const PRESIGN_SECONDS = 15 * 60;
const PENDING_SECONDS = 2 * 60 * 60;
const THUMBNAIL_LINK_SECONDS = 10 * 60;

export const TEMPLATE_CONTENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

/** A template's pending upload is filed under `template:<client or firm>`, so no other upload route takes it. */
export const uploadRef = (organizationId: string | undefined) => `template:${organizationId?.toLowerCase() ?? 'firm'}`;

/**
 * A client named in the input that does not exist gets the answer a hidden one gets from the access check
 * (which leaves unknown clients to the operation), so the two cannot be told apart.
 */
async function assertClient(organizationId: string | undefined): Promise<void> {
  if (organizationId && !(await getOrganization(organizationId))) throw new BadRequestError(reportsDetails.reportOrganizationMissing);
}

/** A firm template is the administrators'; a client's is its lead's (checked by the access policy already). */
export async function assertMayChange(organizationId: string | undefined, by: string): Promise<void> {
  await assertClient(organizationId);
  if (organizationId) return;
  try {
    await assertAdmin(by);
  } catch {
    throw new ForbiddenError(templatesDetails.templateFirmAdminOnly);
  }
}

export async function presignTemplate(body: TemplatePresignBody, by: string): Promise<PresignResponse> {
  await assertMayChange(body.organization_id, by);
  const kind = templateKindFromName(body.file_name);
  if (kind === 'macro') throw new UnsupportedMediaTypeError(templatesDetails.templateMacros(body.file_name));
  if (!kind) throw new UnsupportedMediaTypeError(templatesDetails.templateName(body.file_name));
  if (body.file_size > TEMPLATE_MAX_BYTES) throw new PayloadTooLargeError(templatesDetails.templateTooLarge(TEMPLATE_MAX_BYTES));
  const fileId = randomUUID();
  const objectKey = keys.uploadObjectKey(fileId);
  await putPendingUpload({ file_id: fileId, report_id: uploadRef(body.organization_id), file_name: body.file_name, object_key: objectKey, created_by: by }, PENDING_SECONDS);
  const post = await presignUpload(objectKey, TEMPLATE_MAX_BYTES, PRESIGN_SECONDS);
  return { success: true, file_id: fileId, upload: { url: post.url, fields: post.fields }, max_bytes: TEMPLATE_MAX_BYTES, expires_in: PRESIGN_SECONDS };
}

export async function present(t: TemplateRecord): Promise<TemplateInfo> {
  return {
    id: t.id,
    name: t.name,
    kind: t.kind,
    scope: t.organization_id ? 'client' : 'firm',
    organization_id: t.organization_id,
    file_name: t.file_name,
    size: t.size,
    layouts: t.layouts.map(({ layout, name, fallback }) => ({ layout, name, fallback })),
    notes: t.notes,
    thumbnail_url: t.thumbnail_key ? await presignDownload(t.thumbnail_key, { expiresInSeconds: THUMBNAIL_LINK_SECONDS, contentType: 'image/jpeg' }) : null,
    preview_urls: await Promise.all(t.preview_keys.map((key) => presignDownload(key, { expiresInSeconds: THUMBNAIL_LINK_SECONDS, contentType: 'image/png' }))),
    created_by: t.created_by,
    created_at: t.created_at,
  };
}

/** GET /api/templates: the firm's templates, and the client's when organization_id names one. */
export async function listTemplatesFor(organizationId: string | undefined): Promise<{ items: TemplateInfo[] }> {
  await assertClient(organizationId);
  const [firm, client] = await Promise.all([listTemplates(null, TEMPLATES_MAX), organizationId ? listTemplates(organizationId, TEMPLATES_MAX) : Promise.resolve([])]);
  return { items: await Promise.all([...client, ...firm].map(present)) };
}

/** DELETE /api/templates/{template_id}: a firm template (administrators) or, with organization_id, a client's (its lead). */
export async function removeTemplate(templateId: string, organizationId: string | undefined, by: string): Promise<{ success: true; id: string }> {
  await assertMayChange(organizationId, by);
  const t = await getTemplate(organizationId ?? null, templateId);
  if (!t) throw new NotFoundError(templatesDetails.templateNotFound);
  await discardTemplate(t);
  return { success: true, id: t.id };
}
