/** The audit log's items: written inside the transaction that makes the change where there is one. */
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditAction, AuditEntry } from '@shared/schemas/audit';
import { decodeCursor, encodeCursor, InvalidCursorError } from './cursor';
import { keys } from './keys';
import { documentClient, tableName } from './table';

export interface NewAuditEntry {
  action: AuditAction;
  target: AuditEntry['target'];
  user: string;
  detail: string;
  at: string;
  /** where the entry is kept (the report, or the organization) */
  under: { kind: 'report' | 'organization'; id: string };
}

function itemOf(entry: NewAuditEntry) {
  const id = randomUUID();
  return {
    ...keys.audit(entry.under.kind, entry.under.id, entry.at, id),
    entity: 'Audit',
    id,
    at: entry.at,
    user: entry.user,
    action: entry.action,
    target: entry.target,
    detail: entry.detail,
  };
}

/** A Put for a transaction: the entry is written if and only if the change is. */
export function auditPut(entry: NewAuditEntry) {
  return { Put: { TableName: tableName, Item: itemOf(entry) } };
}

/** For changes made by a single conditional update: written right after it succeeded. */
export async function putAudit(entry: NewAuditEntry): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: tableName, Item: itemOf(entry) }));
}

const FIELDS = ['id', 'at', 'user', 'action', 'target', 'detail'] as const;

/** A page of entries, newest first. */
export async function listAudit(kind: 'report' | 'organization', id: string, limit: number, cursor?: string): Promise<{ items: AuditEntry[]; next_cursor: string | null }> {
  const start = decodeCursor(cursor, ['sk'] as const);
  if (start === 'invalid' || (start && !start.sk.startsWith(keys.auditSkPrefix))) throw new InvalidCursorError();
  const pk = keys.auditPartition(kind, id);
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': pk, ':sk': keys.auditSkPrefix },
      ScanIndexForward: false,
      Limit: limit,
      ...(start ? { ExclusiveStartKey: { PK: pk, SK: start.sk } } : {}),
    }),
  );
  const last = out.LastEvaluatedKey as { SK: string } | undefined;
  return {
    items: (out.Items ?? []).map((i) => Object.fromEntries(FIELDS.map((f) => [f, i[f]])) as AuditEntry),
    next_cursor: last ? encodeCursor({ sk: last.SK }) : null,
  };
}
