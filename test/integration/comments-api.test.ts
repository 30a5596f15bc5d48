/**
 * Comments with mentions and notifications, through the local gateway against the emulators: a
 * mention notifies (an inbox item, and an email in the local SES mailbox), a reply notifies the thread's other
 * participants who may read the client, twenty parallel comments on one section
 * are all kept, bad bodies get a 4xx with a detail, the since-poll answers only what is new, the daily digest
 * (invoked as Lambda would) mails one email per recipient, and an outsider of a confidential client is told the
 * report does not exist.
 */
import { randomUUID } from 'node:crypto';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localWorkerFunctionName } from '@shared/api/workers';
import { details } from '@shared/messages';
import { http, mailFor, registerAndLogin } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
let author: Session;
let colleague: Session;
let outsider: Session;
let reportId: string;
let orgId: string;

async function newClient(session: Session, name: string) {
  const org = await http(gw, 'POST', '/api/organizations', { token: session.token, body: { name } });
  expect(org.status, org.text).toBe(200);
  const report = await http(gw, 'POST', '/api/reports', { token: session.token, body: { title: `${name} assessment`, organization_id: org.body.id, owner: 'Ann' } });
  expect(report.status, report.text).toBe(200);
  return { orgId: org.body.id as string, reportId: report.body.id as string };
}

const comment = (s: Session, body: unknown, report = reportId) => http(gw, 'POST', `/api/reports/${report}/comments`, { token: s.token, body });

beforeAll(async () => {
  [author, colleague, outsider] = await Promise.all([registerAndLogin(gw, 'author'), registerAndLogin(gw, 'colleague'), registerAndLogin(gw, 'outsider')]);
  ({ orgId, reportId } = await newClient(author, `Comments ${randomUUID().slice(0, 6)}`));
});

describe('comments and mentions', () => {
  it('notifies a mentioned colleague in the app and by email, and writes the comment to the report activity', async () => {
    // Prepare: the colleague's inbox before
    const before = await http(gw, 'GET', '/api/notifications', { token: colleague.token });
    expect(before.status, before.text).toBe(200);
    // Act
    const res = await comment(author, { anchor: { section: 'findings' }, body: `Please check the margin figure, @${colleague.user.username}.` });
    // Assess: the thread, its mention, the inbox item and the mail
    expect(res.status, res.text).toBe(200);
    expect(res.body.thread).toMatchObject({ anchor: { section: 'findings' }, status: 'open', comments: [{ author: { id: author.user.username, name: author.user.name }, mentions: [colleague.user.username] }] });
    const inbox = await http(gw, 'GET', '/api/notifications', { token: colleague.token });
    expect(inbox.body.unread).toBe(before.body.unread + 1);
    expect(inbox.body.items[0]).toMatchObject({ kind: 'mention', actor: { id: author.user.username }, report_id: reportId, org_id: orgId, target: { section: 'findings', comment: res.body.thread.id }, read: false });
    await expect.poll(async () => (await mailFor(stack.urls.ses, colleague.user.email)).filter((m) => m.subject.includes(`${author.user.name} mentioned you`)).length).toBe(1);
    const mail = (await mailFor(stack.urls.ses, colleague.user.email)).find((m) => m.subject.includes('mentioned you'))!;
    expect(mail.body.text).toContain('Please check the margin figure');
    expect(mail.body.text).toContain(`/assay/editor?report=${reportId}&section=findings`);
    // the author is not notified of their own comment
    expect((await http(gw, 'GET', '/api/notifications', { token: author.token })).body.items).toEqual([]);
    const audit = await http(gw, 'GET', `/api/reports/${reportId}/audit`, { token: author.token });
    expect(audit.status, audit.text).toBe(200);
    expect(audit.body.items.some((e: { action: string; detail: string }) => e.action === 'comment.create' && e.detail.startsWith('commented on Findings & Analysis'))).toBe(true);
  });

  it('keeps all of twenty comments made at once on one section, and counts them open', async () => {
    // Prepare
    const { reportId: report } = await newClient(author, `Parallel ${randomUUID().slice(0, 6)}`);
    // Act
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => comment(i % 2 ? colleague : author, { anchor: { section: 'swot' }, body: `Comment ${i}` }, report)));
    // Assess
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const list = await http(gw, 'GET', `/api/reports/${report}/comments?section=swot`, { token: author.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body.threads.map((t: { comments: { body: string }[] }) => t.comments[0]!.body).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Comment ${i}`).sort());
    expect(list.body.open.sections).toEqual({ swot: 20 });
  });

  it('replies, resolves and reopens a thread on a wizard item, and counts it open per item', async () => {
    // Prepare
    const created = await comment(author, { anchor: { step: 'swot', item: 's-1', quote: { exact: 'strong brand', prefix: 'A ', suffix: ' in Europe', start: 2 } }, body: 'Is this **sourced**?' });
    expect(created.status, created.text).toBe(200);
    const id = created.body.thread.id as string;
    // Act
    const reply = await http(gw, 'POST', `/api/reports/${reportId}/comments/${id}/replies`, { token: colleague.token, body: { body: 'Yes, see [@ev1].' } });
    const resolved = await http(gw, 'PUT', `/api/reports/${reportId}/comments/${id}/status`, { token: colleague.token, body: { status: 'resolved' } });
    const counted = await http(gw, 'GET', `/api/reports/${reportId}/comments?step=swot&item=s-1`, { token: author.token });
    const reopened = await http(gw, 'PUT', `/api/reports/${reportId}/comments/${id}/status`, { token: author.token, body: { status: 'open' } });
    const after = await http(gw, 'GET', `/api/reports/${reportId}/comments?step=swot&item=s-1`, { token: author.token });
    // Assess
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.thread.comments.map((c: { body: string }) => c.body)).toEqual(['Is this **sourced**?', 'Yes, see [@ev1].']);
    expect(resolved.body.thread).toMatchObject({ status: 'resolved', resolved_by: colleague.user.username });
    expect(counted.body.threads).toHaveLength(1);
    expect(counted.body.open.items['swot:s-1']).toBeUndefined();
    expect(reopened.body.thread).toMatchObject({ status: 'open', resolved_by: null });
    expect(after.body.open.items['swot:s-1']).toBe(1);
    expect(after.body.threads[0].anchor.quote).toEqual({ exact: 'strong brand', prefix: 'A ', suffix: ' in Europe', start: 2 });
    // a reply to a thread that does not exist
    const missing = await http(gw, 'POST', `/api/reports/${reportId}/comments/${randomUUID()}/replies`, { token: colleague.token, body: { body: 'Hello' } });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(details.commentThreadNotFound);
  });

  it("notifies a thread's other participants of a reply (once each; those mentioned in it of the mention), only those who may read the client, as their email setting says", async () => {
    // Prepare: an open client; a thread that mentions two colleagues, one of whom gets no emails
    const [former, quiet] = await Promise.all([registerAndLogin(gw, 'former'), registerAndLogin(gw, 'quiet')]);
    expect((await http(gw, 'PUT', '/api/notifications/settings', { token: quiet.token, body: { email: 'off' } })).status).toBe(200);
    const c = await newClient(author, `Replies ${randomUUID().slice(0, 6)}`);
    const thread = await comment(author, { anchor: { section: 'recommendations' }, body: `Thoughts, @${former.user.username} @${quiet.user.username}?` }, c.reportId);
    expect(thread.status, thread.text).toBe(200);
    const threadId = thread.body.thread.id as string;
    const reply = (s: Session, body: string) => http(gw, 'POST', `/api/reports/${c.reportId}/comments/${threadId}/replies`, { token: s.token, body: { body } });
    const inboxOf = async (s: Session) => ((await http(gw, 'GET', '/api/notifications', { token: s.token })).body.items as { kind: string; actor: { id: string }; report_id: string; target: { comment?: string } }[]).filter((n) => n.report_id === c.reportId);

    // Act: one mentioned replies
    expect((await reply(former, 'Looks fine to me.')).status).toBe(200);

    // Assess: the author and the other mentioned are told, the replier is not; mailed as each one's setting says
    expect((await inboxOf(author)).map((n) => [n.kind, n.actor.id, n.target.comment])).toEqual([['reply', former.user.username, threadId]]);
    expect((await inboxOf(quiet)).map((n) => [n.kind, n.actor.id])).toEqual([['reply', former.user.username], ['mention', author.user.username]]);
    expect((await inboxOf(former)).map((n) => n.kind)).toEqual(['mention']);
    await expect.poll(async () => (await mailFor(stack.urls.ses, author.user.email)).filter((m) => m.subject.includes(`${former.user.name} replied in your thread`)).length).toBe(1);
    const replyMail = (await mailFor(stack.urls.ses, author.user.email)).find((m) => m.subject.includes(`${former.user.name} replied in your thread`))!;
    expect(replyMail.body.text).toContain('Looks fine to me.');
    expect(replyMail.body.text).toContain(`/assay/editor?report=${c.reportId}&section=recommendations`);

    // Act: the client made confidential, its team the author, the colleague and the quiet one (not the former);
    // the colleague replies mentioning the author
    for (const who of [colleague, quiet]) expect((await http(gw, 'POST', `/api/organizations/${c.orgId}/team`, { token: author.token, body: { username: who.user.username, role: 'editor' } })).status).toBe(200);
    expect((await http(gw, 'PUT', `/api/organizations/${c.orgId}/confidential`, { token: author.token, body: { confidential: true } })).status).toBe(200);
    expect((await reply(colleague, `Agreed, @${author.user.username}.`)).status).toBe(200);

    // Assess: the author is told once (of the mention), the quiet one of the reply (no email: off), the former nothing;
    // and the former, who may no longer read the client, no longer sees even the mention they had (the bell follows access)
    expect((await inboxOf(author)).map((n) => [n.kind, n.actor.id])).toEqual([['mention', colleague.user.username], ['reply', former.user.username]]);
    expect((await inboxOf(quiet)).map((n) => [n.kind, n.actor.id])).toEqual([['reply', colleague.user.username], ['reply', former.user.username], ['mention', author.user.username]]);
    expect((await inboxOf(former)).map((n) => n.kind)).toEqual([]);
    expect((await mailFor(stack.urls.ses, quiet.user.email)).filter((m) => !/confirm/i.test(m.subject))).toEqual([]);
  });

  it('refuses an oversize, empty or malformed comment with a detail, and stores nothing', async () => {
    const cases = [
      { anchor: { section: 'findings' }, body: 'x'.repeat(5001) },
      { anchor: { section: 'findings' }, body: '   ' },
      { anchor: { section: 'findings', step: 'swot', item: 's-1' }, body: 'both' },
      { anchor: { step: 'swot' }, body: 'no item' },
      { anchor: { section: 'nowhere' }, body: 'bad section' },
      { anchor: { step: 'swot', item: '../../etc' }, body: 'bad item' },
    ];
    const answers = await Promise.all(cases.map((c) => comment(author, c)));
    for (const a of answers) {
      expect(a.status, a.text).toBe(400);
      expect(typeof a.body.detail).toBe('string');
    }
    expect(answers[0]!.body.detail).toContain('at most 5000 characters');
    const huge = await http(gw, 'POST', `/api/reports/${reportId}/comments`, { token: author.token, raw: JSON.stringify({ anchor: { section: 'findings' }, body: 'y'.repeat(200_000) }), headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
    expect(typeof huge.body.detail).toBe('string');
    // hostile markdown is stored as typed (it is sanitized where it is shown), and mentions no one
    const hostile = await comment(author, { anchor: { section: 'findings' }, body: '<script>alert(1)</script> `@nobody` [x](javascript:alert(1))' });
    expect(hostile.status, hostile.text).toBe(200);
    expect(hostile.body.thread.comments[0].mentions).toEqual([]);
  });

  it('tells an outsider of a confidential client that the report does not exist, and does not notify them when mentioned', async () => {
    // Prepare
    const c = await newClient(author, `Secret ${randomUUID().slice(0, 6)}`);
    expect((await http(gw, 'PUT', `/api/organizations/${c.orgId}/confidential`, { token: author.token, body: { confidential: true } })).status).toBe(200);
    const thread = await comment(author, { anchor: { section: 'findings' }, body: `FYI @${outsider.user.username}` }, c.reportId);
    expect(thread.status, thread.text).toBe(200);
    // Act
    const answers = await Promise.all([
      http(gw, 'GET', `/api/reports/${c.reportId}/comments`, { token: outsider.token }),
      comment(outsider, { anchor: { section: 'findings' }, body: 'let me in' }, c.reportId),
      http(gw, 'POST', `/api/reports/${c.reportId}/comments/${thread.body.thread.id}/replies`, { token: outsider.token, body: { body: 'hi' } }),
      http(gw, 'PUT', `/api/reports/${c.reportId}/comments/${thread.body.thread.id}/status`, { token: outsider.token, body: { status: 'resolved' } }),
    ]);
    // Assess
    for (const a of answers) expect({ status: a.status, detail: a.body.detail }).toEqual({ status: 404, detail: details.reportNotFound });
    expect(thread.body.thread.comments[0].mentions).toEqual([]);
    const inbox = await http(gw, 'GET', '/api/notifications', { token: outsider.token });
    expect(inbox.body.items.filter((n: { report_id: string }) => n.report_id === c.reportId)).toEqual([]);
  });
});

describe('notifications', () => {
  it('answers a since-poll with only the new ones, and marks read one and all', async () => {
    // Prepare: one notification the reader already has
    const reader = await registerAndLogin(gw, 'reader');
    await comment(author, { anchor: { section: 'introduction' }, body: `first @${reader.user.username}` });
    const first = await http(gw, 'GET', '/api/notifications', { token: reader.token });
    expect(first.body.items).toHaveLength(1);
    const since = first.body.latest as string;
    // Act: nothing new, then two new
    const idle = await http(gw, 'GET', `/api/notifications?since=${encodeURIComponent(since)}`, { token: reader.token });
    await comment(author, { anchor: { section: 'introduction' }, body: `second @${reader.user.username}` });
    await comment(colleague, { anchor: { section: 'introduction' }, body: `third @${reader.user.username}` });
    const poll = await http(gw, 'GET', `/api/notifications?since=${encodeURIComponent(since)}`, { token: reader.token });
    // Assess
    expect(idle.status, idle.text).toBe(200);
    expect(idle.body).toMatchObject({ items: [], unread: 1, latest: since });
    expect(poll.body.items.map((n: { text: string }) => n.text.split(': ').pop())).toEqual([`third @${reader.user.username}`, `second @${reader.user.username}`]);
    expect(poll.body.unread).toBe(3);
    expect(Number(idle.headers.get('x-assay-consumed-rcu'))).toBeLessThanOrEqual(1.5);
    // mark one read, twice (no change the second time), then all
    const one = await http(gw, 'POST', `/api/notifications/${poll.body.items[0].id}/read`, { token: reader.token });
    const oneAgain = await http(gw, 'POST', `/api/notifications/${poll.body.items[0].id}/read`, { token: reader.token });
    expect([one.body.unread, oneAgain.body.unread]).toEqual([2, 2]);
    const all = await http(gw, 'POST', '/api/notifications/read-all', { token: reader.token });
    expect(all.body.unread).toBe(0);
    const listed = await http(gw, 'GET', '/api/notifications', { token: reader.token });
    expect(listed.body.unread).toBe(0);
    expect(listed.body.items.every((n: { read: boolean }) => n.read)).toBe(true);
    // a bad since
    const bad = await http(gw, 'GET', '/api/notifications?since=yesterday', { token: reader.token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('since must be a time');
  });

  it('follows the email setting: off mails nothing, daily waits for the digest, which mails one email of them', async () => {
    // Prepare
    const [quiet, daily] = await Promise.all([registerAndLogin(gw, 'quiet'), registerAndLogin(gw, 'daily')]);
    expect((await http(gw, 'GET', '/api/notifications/settings', { token: quiet.token })).body).toEqual({ email: 'immediately' });
    expect((await http(gw, 'PUT', '/api/notifications/settings', { token: quiet.token, body: { email: 'off' } })).body).toEqual({ email: 'off' });
    expect((await http(gw, 'PUT', '/api/notifications/settings', { token: daily.token, body: { email: 'daily' } })).status).toBe(200);
    const refused = await http(gw, 'PUT', '/api/notifications/settings', { token: daily.token, body: { email: 'hourly' } });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('email must be one of: immediately, daily, off');
    // Act
    await comment(author, { anchor: { section: 'introduction' }, body: `one @${quiet.user.username} @${daily.user.username}` });
    await comment(colleague, { anchor: { step: 'findings', item: 'f-2' }, body: `two @${daily.user.username}` });
    const beforeDigest = await mailFor(stack.urls.ses, daily.user.email);
    const lambda = new LambdaClient({ endpoint: gw, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const run = await lambda.send(new InvokeCommand({ FunctionName: localWorkerFunctionName('notificationDigest'), Payload: new TextEncoder().encode('{}') }));
    const again = await lambda.send(new InvokeCommand({ FunctionName: localWorkerFunctionName('notificationDigest'), Payload: new TextEncoder().encode('{}') }));
    // Assess
    expect(run.FunctionError).toBeUndefined();
    const result = JSON.parse(new TextDecoder().decode(run.Payload)) as { recipients: number; notifications: number };
    expect(result.notifications).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(new TextDecoder().decode(again.Payload))).toMatchObject({ notifications: 0 });
    expect(beforeDigest.filter((m) => !/confirm/i.test(m.subject))).toEqual([]);
    const digests = (await mailFor(stack.urls.ses, daily.user.email)).filter((m) => m.subject.includes('today'));
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('2 notifications in Assay Analytics today');
    expect(digests[0]!.body.text).toMatch(/one @[\s\S]*two @/);
    expect(digests[0]!.body.text).toContain(`/assay/wizards/findings?report=${reportId}&item=f-2`);
    expect((await mailFor(stack.urls.ses, quiet.user.email)).filter((m) => !/confirm/i.test(m.subject))).toEqual([]);
    expect((await http(gw, 'GET', '/api/notifications', { token: quiet.token })).body.unread).toBe(1);
  });
});
