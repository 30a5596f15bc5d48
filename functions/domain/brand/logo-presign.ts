/**
 * Where the browser may send a logo: a presigned POST (at most 2 MB, to a staging key), as large evidence is
 * sent. Checking the bytes is logo.ts's, once the upload is there.
 */
import { randomUUID } from 'node:crypto';
import { brandDetails } from '@shared/messages/brand';
import type { PresignResponse } from '@shared/schemas/evidence';
import { LOGO_MAX_BYTES } from '@shared/schemas/exports';
import { keys } from '../../data/keys';
import { putPendingUpload } from '../../data/pending-uploads-repo';
import { presignUpload } from '../../data/upload-signer';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { logoKindFromName } from './logo-kind';

const PRESIGN_SECONDS = 15 * 60;
const PENDING_SECONDS = 2 * 60 * 60;

/**
 * A logo's pending upload is filed under `logo:<report id>`, never under the report id itself, so the
 * evidence route that processes presigned uploads can never take a logo for evidence (or the reverse).
 */
export const logoRef = (reportId: string) => `logo:${reportId.toLowerCase()}`;

/** POST …/brand/logo/presign: where the browser may POST a logo of up to 2 MB straight to S3. */
export async function presignLogo({ report }: ReportInContext, body: { file_name: string; file_size: number }, by: string): Promise<PresignResponse> {
  const reportId = report.id;
  if (body.file_size > LOGO_MAX_BYTES) throw new PayloadTooLargeError(brandDetails.logoTooLarge(LOGO_MAX_BYTES));
  if (!logoKindFromName(body.file_name)) throw new UnsupportedMediaTypeError(brandDetails.logoName(body.file_name));
  const fileId = randomUUID();
  const objectKey = keys.uploadObjectKey(fileId);
  await putPendingUpload({ file_id: fileId, report_id: logoRef(reportId), file_name: body.file_name, object_key: objectKey, created_by: by }, PENDING_SECONDS);
  const post = await presignUpload(objectKey, LOGO_MAX_BYTES, PRESIGN_SECONDS);
  return { success: true, file_id: fileId, upload: { url: post.url, fields: post.fields }, max_bytes: LOGO_MAX_BYTES, expires_in: PRESIGN_SECONDS };
}

