/**
 * Presigned GET links: the browser downloads a file straight from S3 for a few minutes, under the name and
 * type the link sets (`response-content-disposition`, `response-content-type`), so no function holds the bytes.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { bucketName, s3 } from './object-store';

export async function presignDownload(key: string, opts: { expiresInSeconds: number; contentDisposition?: string; contentType?: string }): Promise<string> {
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: bucketName,
      Key: key,
      ...(opts.contentDisposition ? { ResponseContentDisposition: opts.contentDisposition } : {}),
      ...(opts.contentType ? { ResponseContentType: opts.contentType } : {}),
    }),
    { expiresIn: opts.expiresInSeconds },
  );
}
