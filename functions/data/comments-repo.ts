/**
 * Comments of a report: every comment is an item of its own in the report's partition
 * (`COMMENT#<thread>#<comment>`; a thread's first comment has the thread's id and holds its anchor and status),
 * so comments made at the same time never rewrite a shared list. Open counts are derived from the one Query
 * that lists them. Each write carries its audit entry in the same transaction.
 */
import type { CommentAnchor, ThreadStatus } from '@shared/schemas/comments';
import { auditPut, type NewAuditEntry } from './audit-repo';
import { keys } from './keys';
import { tableName } from './table';
import { transact, type Item } from './table-ops';
import { queryAll, queryRange } from './table-query';

/** Most comment items one listing reads (a report with more shows the first this many). */
const MAX_COMMENTS_READ = 3000;

export interface StoredComment {
  thread_id: string;
  id: string;
  author: { id: string; name: string };
  body: string;
  mentions: string[];
  created_at: string;
  /** on a thread's first comment only */
  anchor?: CommentAnchor;
  status?: ThreadStatus;
  resolved_by?: string | null;
  resolved_at?: string | null;
}

const toComment = (row: Item): StoredComment => ({
  thread_id: String(row.thread_id),
  id: String(row.id),
  author: row.author as StoredComment['author'],
  body: typeof row.body === 'string' ? row.body : '',
  mentions: Array.isArray(row.mentions) ? (row.mentions as string[]) : [],
  created_at: String(row.created_at),
  ...(row.anchor ? { anchor: row.anchor, status: row.status as ThreadStatus, resolved_by: (row.resolved_by as string | null) ?? null, resolved_at: (row.resolved_at as string | null) ?? null } : {}),
});

/** Every comment of a report, oldest first within each thread (ids are UUIDv7). */
export async function listComments(reportId: string): Promise<StoredComment[]> {
  const rows = await queryAll(keys.reportPartition(reportId), keys.commentSkPrefix, { max: MAX_COMMENTS_READ });
  return rows.map(toComment);
}

/** A thread's comments (first, then replies), read consistently (after a write). */
export async function getThread(reportId: string, threadId: string): Promise<StoredComment[]> {
  const { items } = await queryRange({ pk: keys.reportPartition(reportId), sk: { beginsWith: keys.commentThreadSkPrefix(threadId) }, consistent: true });
  return items.map(toComment);
}

function commentItem(reportId: string, c: StoredComment) {
  return { ...keys.comment(reportId, c.thread_id, c.id), entity: 'Comment', ...c };
}

/** A new thread: its first comment (with the anchor, open), and the audit entry. */
export async function insertThread(reportId: string, first: StoredComment & { anchor: CommentAnchor }, audit: NewAuditEntry): Promise<void> {
  await transact([
    { Put: { TableName: tableName, Item: commentItem(reportId, { ...first, status: 'open', resolved_by: null, resolved_at: null }), ConditionExpression: 'attribute_not_exists(PK)' } },
    auditPut(audit),
  ]);
}

/** A reply, if the thread exists. */
export async function insertReply(reportId: string, reply: StoredComment, audit: NewAuditEntry): Promise<boolean> {
  const outcome = await transact([
    { ConditionCheck: { TableName: tableName, Key: keys.comment(reportId, reply.thread_id, reply.thread_id), ConditionExpression: 'attribute_exists(PK)' } },
    { Put: { TableName: tableName, Item: commentItem(reportId, reply), ConditionExpression: 'attribute_not_exists(PK)' } },
    auditPut(audit),
  ]);
  return outcome.ok;
}

/** Resolves or reopens a thread; false when it does not exist or already has that status (nothing written). */
export async function setThreadStatus(reportId: string, threadId: string, status: ThreadStatus, by: string, at: string, audit: NewAuditEntry): Promise<boolean> {
  const outcome = await transact([
    {
      Update: {
        TableName: tableName,
        Key: keys.comment(reportId, threadId, threadId),
        UpdateExpression: 'SET #status = :status, resolved_by = :by, resolved_at = :at',
        ConditionExpression: 'attribute_exists(PK) AND #status <> :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':by': status === 'resolved' ? by : null, ':at': status === 'resolved' ? at : null },
      },
    },
    auditPut(audit),
  ]);
  return outcome.ok;
}
