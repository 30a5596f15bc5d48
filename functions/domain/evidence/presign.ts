import { evidenceDetails } from '@shared/messages/evidence';
import { keys } from '../../data/keys';
import { putPendingUpload } from '../../data/pending-uploads-repo';
import { presignUpload } from '../../data/upload-signer';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../../lib/errors';
import { kindFromName, LARGE_UPLOAD_MAX_BYTES } from './file-types';
import { assertEvidenceRoom, newEvidenceId } from './evidence-cap';
import type { RequestContext } from '../../lib/middleware/types';
import { assertReportRef } from '../access/report-ref';

const PRESIGN_SECONDS = 15 * 60;
/** A presigned upload can be processed for this long; after that it is gone (and its object expires). */
const PENDING_SECONDS = 2 * 60 * 60;

/** POST /api/files/presign: where the browser may POST a file of up to 100 MB straight to S3. */
export async function presignLargeUpload(context: RequestContext, body: { report_id: string; file_name: string; file_size: number }, by: string) {
  assertReportRef(context, body.report_id);
  if (body.file_size > LARGE_UPLOAD_MAX_BYTES) throw new PayloadTooLargeError(evidenceDetails.fileTooLarge(body.file_name, LARGE_UPLOAD_MAX_BYTES));
  if (!kindFromName(body.file_name)) throw new UnsupportedMediaTypeError(evidenceDetails.unsupportedFileName(body.file_name));
  await assertEvidenceRoom(body.report_id);
  const fileId = newEvidenceId(); // the evidence item's id once processed
  const objectKey = keys.uploadObjectKey(fileId);
  await putPendingUpload({ file_id: fileId, report_id: body.report_id, file_name: body.file_name, object_key: objectKey, created_by: by }, PENDING_SECONDS);
  const post = await presignUpload(objectKey, LARGE_UPLOAD_MAX_BYTES, PRESIGN_SECONDS);
  return { success: true as const, file_id: fileId, upload: { url: post.url, fields: post.fields }, max_bytes: LARGE_UPLOAD_MAX_BYTES, expires_in: PRESIGN_SECONDS };
}

