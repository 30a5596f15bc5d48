import { evidenceDetails } from '@shared/messages/evidence';
import type { UploadFields, UploadResponse } from '@shared/schemas/evidence';
import { copyObject, deleteObject, getObjectBytes, objectSize } from '../../data/object-store';
import { claimPendingUpload, deletePendingUpload, getPendingUpload, releasePendingUpload } from '../../data/pending-uploads-repo';
import { BadRequestError, ConflictError, isAppError, NotFoundError, PayloadTooLargeError } from '../../lib/errors';
import { LARGE_UPLOAD_MAX_BYTES, SMALL_UPLOAD_MAX_BYTES } from './file-types';
import { newEvidenceId } from './evidence-cap';
import { evidenceHome } from './evidence-home';
import { ingestFile } from './ingest';

/** A file part as @middy/http-multipart-body-parser gives it. */
interface FilePart {
  filename: string;
  mimetype: string;
  content: Buffer;
  truncated?: boolean;
}

const isFilePart = (v: unknown): v is FilePart => typeof v === 'object' && v !== null && Buffer.isBuffer((v as FilePart).content);

/**
 * POST /api/files/upload: one file of up to 4 MB, as multipart (spec section 7). The form's other fields were
 * validated (`fields`) and its report checked before this runs; `form` is the parsed form, with the file.
 */
export async function uploadSmallFile(fields: UploadFields, form: Record<string, unknown>, by: string, remainingMs: number): Promise<UploadResponse> {
  const file: unknown = Array.isArray(form.file) ? (form.file as unknown[])[0] : form.file;
  if (!isFilePart(file)) throw new BadRequestError(evidenceDetails.fileMissing);
  if (file.truncated || file.content.length > SMALL_UPLOAD_MAX_BYTES) throw new PayloadTooLargeError(evidenceDetails.smallUploadTooLarge(SMALL_UPLOAD_MAX_BYTES));
  return ingestFile({ ref: fields.report_id, id: newEvidenceId(), fileName: file.filename || 'upload', bytes: new Uint8Array(file.content), by, remainingMs });
}

/** A claim on an upload outlives any processing run (the function times out long before). */
const CLAIM_STALE_SECONDS = 5 * 60;

/**
 * POST /api/files/{file_id}/process: checks, extracts and analyses a file uploaded through the presigned
 * POST. Single use: one call at a time may process an upload (another gets 409), and once processed the
 * upload is gone (404); the staging object is copied to the evidence and deleted.
 */
export async function processLargeUpload(fileId: string, ref: string, by: string, remainingMs: number): Promise<UploadResponse> {
  const pending = await getPendingUpload(fileId);
  if (!pending || pending.report_id.toLowerCase() !== ref.toLowerCase() || pending.created_by !== by) throw new NotFoundError(evidenceDetails.uploadNotFound);
  const size = await objectSize(pending.object_key);
  if (size === undefined) throw new NotFoundError(evidenceDetails.uploadNotFound);
  if (!(await claimPendingUpload(fileId, CLAIM_STALE_SECONDS))) throw new ConflictError(evidenceDetails.uploadBeingProcessed);
  if (size > LARGE_UPLOAD_MAX_BYTES) {
    // the presigned policy refuses this in S3; checked again here all the same
    await deleteObject(pending.object_key);
    await deletePendingUpload(fileId);
    throw new PayloadTooLargeError(evidenceDetails.fileTooLarge(pending.file_name, LARGE_UPLOAD_MAX_BYTES));
  }
  const bytes = (await getObjectBytes(pending.object_key)) ?? new Uint8Array();
  const storedKey = `${(await evidenceHome(ref)).prefix(fileId)}original`;
  try {
    await copyObject(pending.object_key, storedKey);
    const result = await ingestFile({ ref, id: fileId, fileName: pending.file_name, bytes, by, storedKey, remainingMs });
    await deletePendingUpload(fileId);
    await deleteObject(pending.object_key);
    return result;
  } catch (error) {
    // a refused file is gone (ingestFile deleted its copy); after anything else the upload can be processed again
    if (isAppError(error)) {
      await deletePendingUpload(fileId);
      await deleteObject(pending.object_key).catch(() => undefined);
    } else {
      await releasePendingUpload(fileId).catch(() => undefined);
    }
    throw error;
  }
}
