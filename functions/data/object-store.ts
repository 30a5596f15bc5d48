/**
 * The evidence bucket. Path-style addressing for the local emulator and checksums only when an
 * operation requires one (DESIGN.md: otherwise streamed uploads are stored corrupted locally and
 * presigned URLs carry an empty-body CRC that real S3 rejects).
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { booleanFlag, nonEmpty, readConfig } from '../lib/config';
import { withHarnessFaults } from '../lib/harness-faults';

const config = readConfig({
  EVIDENCE_BUCKET: nonEmpty(),
  S3_FORCE_PATH_STYLE: booleanFlag(false),
});

export const bucketName = config.EVIDENCE_BUCKET;

let client: S3Client | undefined;
export function s3(): S3Client {
  client ??= withHarnessFaults(
    new S3Client({
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    's3',
    S3ServiceException,
  );
  return client;
}

/** Every key under a prefix (paged). */
async function listKeys(prefix: string): Promise<string[]> {
  const keysFound: string[] = [];
  let token: string | undefined;
  do {
    const out = await s3().send(new ListObjectsV2Command({ Bucket: bucketName, Prefix: prefix, ContinuationToken: token }));
    for (const o of out.Contents ?? []) if (o.Key) keysFound.push(o.Key);
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return keysFound;
}

/** Deletes every object under a prefix; returns how many. */
export async function deletePrefix(prefix: string): Promise<number> {
  const found = await listKeys(prefix);
  for (let i = 0; i < found.length; i += 1000) {
    const batch = found.slice(i, i + 1000);
    const out = await s3().send(
      new DeleteObjectsCommand({ Bucket: bucketName, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
    );
    // whatever the batch call could not delete, delete one by one (and fail loudly if that fails too)
    for (const failed of out.Errors ?? []) if (failed.Key) await s3().send(new DeleteObjectCommand({ Bucket: bucketName, Key: failed.Key }));
  }
  return found.length;
}

export async function putObject(key: string, body: Uint8Array | string, contentType: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: bucketName, Key: key, Body: body, ContentType: contentType }));
}

/** The object's size, or undefined when it does not exist. */
export async function objectSize(key: string): Promise<number | undefined> {
  try {
    const out = await s3().send(new HeadObjectCommand({ Bucket: bucketName, Key: key }));
    return out.ContentLength ?? 0;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NotFound' || name === 'NoSuchKey') return undefined;
    throw error;
  }
}

export async function getObjectBytes(key: string): Promise<Uint8Array | undefined> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucketName, Key: key }));
    return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/**
 * An object's bytes and ETag; `unchanged` when its ETag is still `etag` (a conditional GET: nothing is
 * transferred), undefined when there is no such object.
 */
export async function getObjectUnlessMatch(key: string, etag?: string): Promise<{ bytes: Uint8Array; etag: string } | 'unchanged' | undefined> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucketName, Key: key, ...(etag ? { IfNoneMatch: etag } : {}) }));
    return { bytes: out.Body ? await out.Body.transformToByteArray() : new Uint8Array(), etag: out.ETag ?? '' };
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') return undefined;
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 304) return 'unchanged';
    throw error;
  }
}

export async function getObjectText(key: string): Promise<string | undefined> {
  const bytes = await getObjectBytes(key);
  return bytes ? new TextDecoder().decode(bytes) : undefined;
}

export async function copyObject(from: string, to: string): Promise<void> {
  await s3().send(new CopyObjectCommand({ Bucket: bucketName, CopySource: `${bucketName}/${encodeURI(from)}`, Key: to }));
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucketName, Key: key }));
}
