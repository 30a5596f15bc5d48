/**
 * Limits on what reaches people, through the local gateway: one author's flood of mentioning comments is cut at
 * USER_LIMITS.comments a minute (429 with Retry-After and a detail; nothing stored for the refused), a comment that
 * mentions more people than the minute allows is refused whole, and under a flood of 60 mentioning comments (several
 * authors) a recipient is mailed NOTIFICATION_MAILS_PER_HOUR emails, the rest waiting for their daily digest (read
 * in the local SES store). Notifications follow access: a member taken off a confidential client's team no longer
 * sees its comment text under the bell, and the digest does not mail it to them.
 */
import { randomUUID } from 'node:crypto';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { USER_LIMITS } from '@shared/api/route-types';
import { localWorkerFunctionName } from '@shared/api/workers';
import { NOTIFICATION_MAILS_PER_HOUR } from '@shared/constants';
import { details } from '@shared/messages';
import { tableClient } from '../helpers/emulator-clients';
import { http, mailFor, registerAndLogin } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;
const db = tableClient(stack);

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
let lead: Session;
let orgId: string;
let reportId: string;

const call = (s: Session, method: string, path: string, body?: unknown) => http(gw, method, path, { token: s.token, body });
const comment = (s: Session, body: string, report = reportId) => call(s, 'POST', `/api/reports/${report}/comments`, { anchor: { section: 'findings' }, body });

/** The comment threads stored under a report (what the store holds, read apart from the API). */
async function storedComments(report: string): Promise<number> {
  const out = await db.send(
    new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': `REPORT#${report}`, ':sk': 'COMMENT#' }, ConsistentRead: true }),
  );
  return out.Items?.length ?? 0;
}

/** The events a limit counted, per calendar minute (its fixed windows), for one user: what the table holds. */
async function counted(pk: string): Promise<number[]> {
  const out = await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }));
  return (out.Items ?? []).map((i) => Number(i.events));
}

const runDigest = async () => {
  const lambda = new LambdaClient({ endpoint: gw, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const run = await lambda.send(new InvokeCommand({ FunctionName: localWorkerFunctionName('notificationDigest'), Payload: new TextEncoder().encode('{}') }));
  expect(run.FunctionError).toBeUndefined();
};

beforeAll(async () => {
  lead = await registerAndLogin(gw, 'lead');
  const org = await call(lead, 'POST', '/api/organizations', { name: `Limits ${randomUUID().slice(0, 6)}` });
  orgId = org.body.id as string;
  const report = await call(lead, 'POST', '/api/reports', { title: 'Limited assessment', organization_id: orgId, owner: 'Ann' });
  reportId = report.body.id as string;
});

describe('limits on comments and mentions', () => {
  it(`cuts one author's flood of 60 mentioning comments at ${USER_LIMITS.comments.perMinute} a minute: 429 with Retry-After and a detail, nothing stored for the rest`, async () => {
    // Prepare: a report of its own, and someone to mention
    const [author, target] = await Promise.all([registerAndLogin(gw, 'flooder'), registerAndLogin(gw, 'target')]);
    const report = (await call(lead, 'POST', '/api/reports', { title: 'Flooded', organization_id: orgId, owner: 'Ann' })).body.id as string;
    // Act: 60 at once, as the finding's 60 in 14 s
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => comment(author, `Look at this, @${target.user.username} (${i})`, report)));
    // Assess: per calendar minute the burst fell in (one, or two when it crossed a minute), at most the limit got through
    const windows = await counted(`RATE#comments#${author.user.username}`);
    expect(windows.reduce((a, b) => a + b, 0)).toBe(60);
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    const passedComments = windows.reduce((a, n) => a + Math.min(n, USER_LIMITS.comments.perMinute), 0);
    // (each comment the first limit let through names one person, counted by the mentions' own limit in the minute it is
    // checked: a burst that crosses a minute can count a comment in one minute and its mention in the next, where the
    // mentions' limit refuses what passes it)
    const mentioned = await counted(`RATE#mentions#${author.user.username}`);
    expect(mentioned.reduce((a, b) => a + b, 0)).toBe(passedComments);
    const refusedForMentions = mentioned.reduce((a, n) => a + Math.max(0, n - USER_LIMITS.mentions.perMinute), 0);
    expect(ok).toHaveLength(passedComments - refusedForMentions);
    expect(refused).toHaveLength(60 - ok.length);
    if (windows.length === 1) expect(refused).toHaveLength(60 - USER_LIMITS.comments.perMinute);
    const forComments = refused.filter((r) => r.body.detail === details.tooManyRequests('comments', USER_LIMITS.comments.perMinute, Number(r.headers.get('retry-after'))));
    const forMentions = refused.filter((r) => r.body.detail === details.tooManyMentions(USER_LIMITS.mentions.perMinute, Number(r.headers.get('retry-after'))));
    expect([forComments.length, forMentions.length]).toEqual([60 - passedComments, refusedForMentions]);
    for (const r of refused) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await storedComments(report)).toBe(ok.length);
  });

  it(`refuses a comment whole when the people it mentions pass ${USER_LIMITS.mentions.perMinute} a minute`, async () => {
    // Prepare: sixteen colleagues (an open client: every one of them may read it)
    const people = await Promise.all(Array.from({ length: 16 }, () => registerAndLogin(gw, 'named')));
    const everyone = people.map((p) => `@${p.user.username}`).join(' ');
    // Act: sixteen mentioned, then sixteen again, in one calendar minute (a pair that crossed into the next is made
    // again by a new author: the limit counts per minute)
    let pair: { author: Session; first: Awaited<ReturnType<typeof comment>>; second: Awaited<ReturnType<typeof comment>> } | undefined;
    for (let attempt = 0; attempt < 3 && !pair; attempt++) {
      const author = await registerAndLogin(gw, 'announcer');
      const first = await comment(author, `Kick-off: ${everyone}`);
      const second = await comment(author, `Reminder: ${everyone}`);
      if ((await counted(`RATE#mentions#${author.user.username}`)).length === 1) pair = { author, first, second };
    }
    // Assess
    const { author, first, second } = pair!;
    expect(await counted(`RATE#mentions#${author.user.username}`)).toEqual([32]);
    expect(first.status, first.text).toBe(200);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(second.body.detail).toBe(details.tooManyMentions(USER_LIMITS.mentions.perMinute, Number(second.headers.get('retry-after'))));
    const told = ((await call(people[0]!, 'GET', '/api/notifications')).body.items as { text: string; actor: { id: string } }[]).filter((n) => n.actor.id === author.user.username);
    expect(told.map((n) => n.text.includes('Kick-off'))).toEqual([true]);
  });
});

describe('mail per recipient per hour', () => {
  it(`a flood of 60 mentioning comments mails their recipient ${NOTIFICATION_MAILS_PER_HOUR} emails; the other 54 wait for the daily digest`, async () => {
    // Prepare: six authors (each within their own limit) and the one they all mention (emails: immediately)
    const [victim, ...authors] = await Promise.all(Array.from({ length: 7 }, (_, i) => registerAndLogin(gw, i ? 'mentioner' : 'victim')));
    expect((await call(victim!, 'GET', '/api/notifications/settings')).body).toEqual({ email: 'immediately' });
    // Act
    const answers = await Promise.all(authors.flatMap((a) => Array.from({ length: 10 }, (_, i) => comment(a, `Urgent ${i}: @${victim!.user.username}`))));
    // Assess: every comment stored, every one in the bell, six emails
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(200));
    const mails = (await mailFor(stack.urls.ses, victim!.user.email)).filter((m) => m.subject.includes('mentioned you'));
    expect(mails).toHaveLength(NOTIFICATION_MAILS_PER_HOUR);
    expect((await call(victim!, 'GET', '/api/notifications')).body.unread).toBe(60);
    // the rest in one digest email
    await runDigest();
    const digests = (await mailFor(stack.urls.ses, victim!.user.email)).filter((m) => m.subject.includes('today'));
    expect(digests.map((m) => m.subject)).toEqual([`${60 - NOTIFICATION_MAILS_PER_HOUR} notifications in Assay Analytics today`]);
  });
});

describe('notifications follow access', () => {
  it("a member taken off a confidential client's team no longer sees its comment text, and the digest does not mail it to them", async () => {
    // Prepare: a confidential client with a member who reads their email once a day; a comment mentions them
    const member = await registerAndLogin(gw, 'member');
    const secret = (await call(lead, 'POST', '/api/organizations', { name: `Secret ${randomUUID().slice(0, 6)}` })).body.id as string;
    const report = (await call(lead, 'POST', '/api/reports', { title: 'Secret plan', organization_id: secret, owner: 'Ann' })).body.id as string;
    expect((await call(lead, 'POST', `/api/organizations/${secret}/team`, { username: member.user.username, role: 'editor' })).status).toBe(200);
    expect((await call(lead, 'PUT', `/api/organizations/${secret}/confidential`, { confidential: true })).status).toBe(200);
    expect((await call(member, 'PUT', '/api/notifications/settings', { email: 'daily' })).status).toBe(200);
    const text = `The merger with Contoso closes on Friday, @${member.user.username}`;
    expect((await comment(lead, text, report)).status).toBe(200);
    const before = (await call(member, 'GET', '/api/notifications')).body as { items: { text: string }[]; unread: number };
    expect(before.items.map((n) => n.text)).toEqual([expect.stringContaining('The merger with Contoso')]);
    expect(before.unread).toBe(1);

    // Act: taken off the team
    expect((await call(lead, 'DELETE', `/api/organizations/${secret}/team/${member.user.username}`)).status).toBe(200);
    const after = await call(member, 'GET', '/api/notifications');
    const poll = await call(member, 'GET', `/api/notifications?since=${encodeURIComponent('2000-01-01T00:00:00.000Z')}`);
    await runDigest();

    // Assess: nothing of it under the bell (nor its count), nothing of it mailed
    expect(after.status, after.text).toBe(200);
    expect(after.body).toMatchObject({ items: [], unread: 0 });
    expect(JSON.stringify(after.body)).not.toContain('Contoso');
    expect(JSON.stringify(poll.body)).not.toContain('Contoso');
    const mailed = await mailFor(stack.urls.ses, member.user.email);
    expect(mailed.filter((m) => `${m.subject} ${m.body.text ?? ''}`.includes('Contoso'))).toEqual([]);
    expect(mailed.filter((m) => m.subject.includes('today'))).toEqual([]);
    // back on the team, it is theirs to read again (the bell reads access as it is now)
    expect((await call(lead, 'POST', `/api/organizations/${secret}/team`, { username: member.user.username, role: 'viewer' })).status).toBe(200);
    expect(((await call(member, 'GET', '/api/notifications')).body.items as { text: string }[]).map((n) => n.text)).toEqual([expect.stringContaining('The merger with Contoso')]);
  });
});
