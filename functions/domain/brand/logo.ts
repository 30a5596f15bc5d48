/**
 * The logo of step 10 "Finalize & Brand", uploaded like large evidence: a presigned POST to a staging key,
 * then one processing call that checks the bytes (PNG, JPEG or SVG; size and pixels), sanitizes an SVG and
 * keeps the logo with the report.
 */
import { brandDetails } from '@shared/messages/brand';
import { evidenceDetails } from '@shared/messages/evidence';
import { LOGO_MAX_BYTES, LOGO_MIME_TYPES, type LogoResponse } from '@shared/schemas/exports';
import { keys } from '../../data/keys';
import { deleteObject, getObjectBytes, objectSize, putObject } from '../../data/object-store';
import { claimPendingUpload, deletePendingUpload, getPendingUpload } from '../../data/pending-uploads-repo';
import { ConflictError, NotFoundError, PayloadTooLargeError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { assertNotFinal } from '../access/final-lock';
import { logoLink } from './brand';
import { logoRef } from './logo-presign';
import { checkLogo } from './check-logo';

const CLAIM_STALE_SECONDS = 2 * 60;

/** POST …/brand/logo/{file_id}: checks the uploaded logo and keeps it with the report (not a Final one). Single use. */
export async function processLogo({ report }: ReportInContext, fileId: string, by: string): Promise<LogoResponse> {
  const reportId = report.id;
  assertNotFinal(report);
  const pending = await getPendingUpload(fileId);
  if (!pending || pending.report_id !== logoRef(reportId) || pending.created_by !== by) throw new NotFoundError(evidenceDetails.uploadNotFound);
  const size = await objectSize(pending.object_key);
  if (size === undefined) throw new NotFoundError(evidenceDetails.uploadNotFound);
  if (!(await claimPendingUpload(fileId, CLAIM_STALE_SECONDS))) throw new ConflictError(evidenceDetails.uploadBeingProcessed);
  try {
    if (size > LOGO_MAX_BYTES) throw new PayloadTooLargeError(brandDetails.logoTooLarge(LOGO_MAX_BYTES));
    const logo = checkLogo(pending.file_name, (await getObjectBytes(pending.object_key)) ?? new Uint8Array());
    const key = keys.brandLogoObject(reportId, fileId, logo.kind);
    await putObject(key, logo.bytes, LOGO_MIME_TYPES[logo.kind]);
    return { success: true, logo_key: key, content_type: LOGO_MIME_TYPES[logo.kind], width: Math.round(logo.width), height: Math.round(logo.height), url: await logoLink(key, logo.kind) };
  } finally {
    // accepted or refused, an upload is processed once
    await deletePendingUpload(fileId);
    await deleteObject(pending.object_key).catch(() => undefined);
  }
}

