import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { documentClient, isExpired, nowSeconds, tableName } from './table';

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
  await documentClient().send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.pendingUpload(upload.file_id), entity: 'PendingUpload', ...upload, expires_at: nowSeconds() + ttlSeconds },
    }),
  );
}

export async function getPendingUpload(fileId: string): Promise<PendingUpload | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: keys.pendingUpload(fileId), ConsistentRead: true }));
  return Item && !isExpired(Item as PendingUpload) ? (Item as PendingUpload) : undefined;
}

export async function deletePendingUpload(fileId: string): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: tableName, Key: keys.pendingUpload(fileId) }));
}
