import { keys } from './keys';
import { isExpired, nowSeconds } from './table';
import { deleteItem, getItem, putItem, updateIf, updateWith } from './table-ops';

export interface PendingUpload {
  file_id: string;
  report_id: string;
  file_name: string;
  object_key: string;
  created_by: string;
  expires_at: number;
}

/** Remembers a presigned upload (who, for which report, under which name) until it is processed. */
export async function putPendingUpload(upload: Omit<PendingUpload, 'expires_at'>, ttlSeconds: number): Promise<void> {
  await putItem({ ...keys.pendingUpload(upload.file_id), entity: 'PendingUpload', ...upload, expires_at: nowSeconds() + ttlSeconds });
}

export async function getPendingUpload(fileId: string): Promise<PendingUpload | undefined> {
  const item = (await getItem(keys.pendingUpload(fileId), { consistent: true })) as PendingUpload | undefined;
  return item && !isExpired(item) ? item : undefined;
}

/**
 * Claims a pending upload for processing: only one call may process it at a time (and, once processed, it
 * is deleted). A claim older than `staleSeconds` (a crashed run) may be taken again.
 */
export async function claimPendingUpload(fileId: string, staleSeconds: number): Promise<boolean> {
  const now = nowSeconds();
  return updateIf({
    Key: keys.pendingUpload(fileId),
    UpdateExpression: 'SET claimed_at = :now',
    ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(claimed_at) OR claimed_at < :stale)',
    ExpressionAttributeValues: { ':now': now, ':stale': now - staleSeconds },
  });
}

/** Lets a claimed upload be processed again (after a failure that was not the file's fault). */
export async function releasePendingUpload(fileId: string): Promise<void> {
  await updateWith({ Key: keys.pendingUpload(fileId), UpdateExpression: 'REMOVE claimed_at' });
}

export async function deletePendingUpload(fileId: string): Promise<void> {
  await deleteItem(keys.pendingUpload(fileId));
}
