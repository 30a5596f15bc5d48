/**
 * Presigned POST for large uploads: the browser sends the file straight to S3, with the key fixed and a
 * content-length-range condition, so neither API Gateway's payload limit nor a Lambda holds the bytes.
 */
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { bucketName, s3 } from './object-store';

export async function presignUpload(key: string, maxBytes: number, expiresInSeconds: number) {
  return createPresignedPost(s3(), {
    Bucket: bucketName,
    Key: key,
    Conditions: [['content-length-range', 1, maxBytes], ['eq', '$key', key]],
    Expires: expiresInSeconds,
  });
}
