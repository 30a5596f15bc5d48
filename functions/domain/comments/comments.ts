/**
 * Comments with mentions. Who may call these is the access policy's (the route's `clientAction`,
 * checked before the handler runs: read to list, comment to write; viewers may comment). The rules here: each
 * comment is its own item (parallel comments are all kept), a mention notifies the mentioned member of staff if
 * they may read the client, a reply notifies the thread's other participants who may read it, every write is in the report's audit log (its activity feed).
 * Comments and replies are limited per user (the route's `userLimit`), and so are the people they mention
 * (`USER_LIMITS.mentions`, counted here before anything is stored).
 */
import { parseMentions } from '@shared/domain/mentions';
import { commentsDetails } from '@shared/messages/comments';
import type { CommentAnchor, CommentList, NewThreadBody, Thread, ThreadStatus } from '@shared/schemas/comments';
import type { Report } from '@shared/schemas/reports';
import { getThread, insertReply, insertThread, listComments, setThreadStatus } from '../../data/comments-repo';
import { getProfile } from '../../data/users-repo';
import { NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { uuidv7 } from '../../lib/uuidv7';
import { USER_LIMITS } from '@shared/api/route-types';
import { standing } from '../access/access';
import { assertMentionsWithinLimit } from '../limits/limits';
import { can } from '../access/policy';
import { commentRecorded } from '../audit/change-entries';
import { notify } from '../notifications/notify';
import { assembleThreads, openCounts, participantsOf, placeOf } from './threads';

export interface CommentFilter {
  section?: string;
  step?: string;
  item?: string;
}

const matches = (filter: CommentFilter) => (t: Thread) =>
  (filter.section === undefined || t.anchor.section === filter.section) && (filter.step === undefined || t.anchor.step === filter.step) && (filter.item === undefined || t.anchor.item === filter.item);

export async function listThreads(reportId: string, filter: CommentFilter): Promise<CommentList> {
  const threads = assembleThreads(await listComments(reportId));
  return { threads: threads.filter(matches(filter)), open: openCounts(threads) };
}

/** Of these people, those with an active account who may read the report's client (the others are not told: no leak, no spam). */
async function mayRead(people: readonly string[], report: Report): Promise<string[]> {
  const ok = await Promise.all(
    people.map(async (username) => {
      const [profile, access] = await Promise.all([getProfile(username), standing(username, report.organization_id)]);
      return profile && access.exists && can(access.role, 'read', access) ? username : undefined;
    }),
  );
  return ok.filter((n): n is string => n !== undefined);
}

/** The people a comment mentions who may read the report's client. */
function mentionable(body: string, report: Report, author: string): Promise<string[]> {
  return mayRead([...new Set(parseMentions(body).filter((n) => n !== author))], report);
}

async function authorOf(username: string): Promise<{ id: string; name: string }> {
  const profile = await getProfile(username);
  return { id: username, name: profile?.name ?? username };
}

async function threadOf(reportId: string, threadId: string): Promise<Thread> {
  const [thread] = assembleThreads(await getThread(reportId, threadId));
  if (!thread) throw new NotFoundError(commentsDetails.commentThreadNotFound);
  return thread;
}

async function notifyMentions(report: Report, author: { id: string; name: string }, mentions: string[], anchor: CommentAnchor, threadId: string, body: string) {
  if (!mentions.length) return;
  await notify({
    recipients: mentions,
    kind: 'mention',
    actor: author,
    report_id: report.id,
    org_id: report.organization_id,
    target: { ...(anchor.section ? { section: anchor.section } : { step: anchor.step, item: anchor.item }), comment: threadId },
    text: `${report.title} · ${placeOf(anchor)}: ${body}`,
  });
}

async function notifyReply(report: Report, author: { id: string; name: string }, recipients: string[], anchor: CommentAnchor, threadId: string, body: string) {
  if (!recipients.length) return;
  await notify({
    recipients,
    kind: 'reply',
    actor: author,
    report_id: report.id,
    org_id: report.organization_id,
    target: { ...(anchor.section ? { section: anchor.section } : { step: anchor.step, item: anchor.item }), comment: threadId },
    text: `${report.title} · ${placeOf(anchor)}: ${body}`,
  });
}

export async function createThread(by: string, { report }: ReportInContext, input: NewThreadBody): Promise<{ thread: Thread }> {
  const reportId = report.id;
  const author = await authorOf(by);
  const mentions = await mentionable(input.body, report, by);
  // each person mentioned is told: they count against the author's limit (429 and nothing stored past it)
  await assertMentionsWithinLimit(USER_LIMITS.mentions, by, mentions.length);
  const now = new Date();
  const id = uuidv7(now.getTime());
  const at = now.toISOString();
  await insertThread(reportId, { thread_id: id, id, author, body: input.body, mentions, created_at: at, anchor: input.anchor }, commentRecorded('comment.create', report, placeOf(input.anchor), input.body, by, at));
  await notifyMentions(report, author, mentions, input.anchor, id, input.body);
  return { thread: await threadOf(reportId, id) };
}

export async function replyToThread(by: string, { report }: ReportInContext, threadId: string, body: string): Promise<{ thread: Thread }> {
  const reportId = report.id;
  const [author, thread] = await Promise.all([authorOf(by), threadOf(reportId, threadId)]);
  const mentions = await mentionable(body, report, by);
  await assertMentionsWithinLimit(USER_LIMITS.mentions, by, mentions.length);
  const now = new Date();
  const id = uuidv7(now.getTime());
  const at = now.toISOString();
  const stored = await insertReply(reportId, { thread_id: threadId, id, author, body, mentions, created_at: at }, commentRecorded('comment.reply', report, placeOf(thread.anchor), body, by, at));
  if (!stored) throw new NotFoundError(commentsDetails.commentThreadNotFound);
  // the thread's other participants (who wrote in it or were mentioned in it) are told of the reply, those
  // mentioned in it that they were mentioned; each once, and only who may still read the client
  const participants = participantsOf(thread).filter((p) => p !== by && !mentions.includes(p));
  const told = await mayRead(participants, report);
  await Promise.all([notifyMentions(report, author, mentions, thread.anchor, threadId, body), notifyReply(report, author, told, thread.anchor, threadId, body)]);
  return { thread: await threadOf(reportId, threadId) };
}

/** Resolve or reopen; asking for the status it already has changes nothing (and is not an error). */
export async function changeThreadStatus(by: string, { report }: ReportInContext, threadId: string, status: ThreadStatus): Promise<{ thread: Thread }> {
  const reportId = report.id;
  const thread = await threadOf(reportId, threadId);
  if (thread.status !== status) {
    const at = new Date().toISOString();
    await setThreadStatus(reportId, threadId, status, by, at, commentRecorded(status === 'resolved' ? 'comment.resolve' : 'comment.reopen', report, placeOf(thread.anchor), '', by, at));
  }
  return { thread: await threadOf(reportId, threadId) };
}
