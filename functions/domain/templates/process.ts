/**
 * POST /api/templates/uploads/{file_id}: the check of an uploaded template (check-template.ts), a trial
 * export on it (the exports' try-template.ts: refused with the exporter's reason when none can be made), and
 * keeping it, with its previews (render-previews.ts). Apart from templates.ts, so only this function carries the
 * package reading, the zip guard and the preview renderer.
 */
import { evidenceDetails } from '@shared/messages/evidence';
import { templatesDetails } from '@shared/messages/templates';
import { TEMPLATE_MAX_BYTES, TEMPLATES_MAX, type ProcessTemplateBody, type TemplateInfo } from '@shared/schemas/templates';
import { keys } from '../../data/keys';
import { deleteObject, getObjectBytes, objectSize, putObject } from '../../data/object-store';
import { claimPendingUpload, deletePendingUpload, getPendingUpload } from '../../data/pending-uploads-repo';
import { listTemplates, putTemplate, type TemplateRecord } from '../../data/templates-repo';
import { BadRequestError, ConflictError, NotFoundError, PayloadTooLargeError } from '../../lib/errors';
import { uuidv7 } from '../../lib/uuidv7';
import { tryExportOn } from '../exports';
import { checkTemplate } from './check-template';
import { renderPreviews } from './render-previews';
import { assertMayChange, present, TEMPLATE_CONTENT_TYPES, uploadRef } from './templates';

const CLAIM_STALE_SECONDS = 2 * 60;

/** POST /api/templates/uploads/{file_id}: checks the uploaded template and keeps it. Single use. */
export async function processTemplate(fileId: string, body: ProcessTemplateBody, by: string): Promise<{ success: true; template: TemplateInfo }> {
  await assertMayChange(body.organization_id, by);
  const pending = await getPendingUpload(fileId);
  if (!pending || pending.report_id !== uploadRef(body.organization_id) || pending.created_by !== by) throw new NotFoundError(evidenceDetails.uploadNotFound);
  const size = await objectSize(pending.object_key);
  if (size === undefined) throw new NotFoundError(evidenceDetails.uploadNotFound);
  if (!(await claimPendingUpload(fileId, CLAIM_STALE_SECONDS))) throw new ConflictError(evidenceDetails.uploadBeingProcessed);
  try {
    if (size > TEMPLATE_MAX_BYTES) throw new PayloadTooLargeError(templatesDetails.templateTooLarge(TEMPLATE_MAX_BYTES));
    const organizationId = body.organization_id ?? null;
    if ((await listTemplates(organizationId, TEMPLATES_MAX)).length >= TEMPLATES_MAX) throw new ConflictError(templatesDetails.templatesFull(TEMPLATES_MAX));
    const checked = await checkTemplate(pending.file_name, (await getObjectBytes(pending.object_key)) ?? new Uint8Array());
    // kept only if a report can be exported on it: a trial export of a sample report, with the exports' own code
    const failed = await tryExportOn({ kind: checked.kind, bytes: checked.bytes, layouts: checked.layouts });
    if (failed !== undefined) throw new BadRequestError(templatesDetails.templateCannotExport(pending.file_name, failed));
    const id = uuidv7();
    const objectKey = keys.templateObject(id, checked.kind);
    await putObject(objectKey, checked.bytes, TEMPLATE_CONTENT_TYPES[checked.kind]);
    let thumbnailKey: string | null = null;
    if (checked.thumbnail) {
      thumbnailKey = keys.templateThumbnailObject(id);
      await putObject(thumbnailKey, checked.thumbnail, 'image/jpeg');
    }
    // previews with LibreOffice where it is installed, of the checked package only (else none: the thumbnail shows)
    const previews = await renderPreviews({ kind: checked.kind, bytes: checked.bytes, layouts: checked.layouts });
    const previewKeys: string[] = [];
    for (const [i, png] of previews.entries()) {
      const key = keys.templatePreviewObject(id, i + 1);
      await putObject(key, png, 'image/png');
      previewKeys.push(key);
    }
    const record: TemplateRecord = {
      id,
      name: body.name ?? pending.file_name.replace(/\.[a-z]+$/i, ''),
      kind: checked.kind,
      organization_id: organizationId,
      file_name: pending.file_name,
      size: checked.bytes.length,
      object_key: objectKey,
      thumbnail_key: thumbnailKey,
      preview_keys: previewKeys,
      layouts: checked.layouts,
      notes: checked.notes,
      created_by: by,
      created_at: new Date().toISOString(),
    };
    await putTemplate(record);
    return { success: true, template: await present(record) };
  } finally {
    // accepted or refused, an upload is processed once
    await deletePendingUpload(fileId);
    await deleteObject(pending.object_key).catch(() => undefined);
  }
}

