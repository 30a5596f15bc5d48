/**
 * What the bell costs (the notification poll's cost per minute per user): the SPA polls
 * GET /api/notifications?since=<newest it has> every POLL_MS. Measured on a local stack with METER_DYNAMODB
 * (DynamoDB's ReturnConsumedCapacity, summed per request): the handler's read units, as the gateway's
 * `x-assay-consumed-rcu` header reports them, for a poll with nothing new, a poll with one new notification and
 * the first load of 30; the session check every signed-in request makes before the handler, metered the same way
 * in process; then requests and read units per minute per user at the SPA's interval, and the idle poll's latency.
 */
import autocannon from 'autocannon';
import { NOTIFICATION_POLL_MS as POLL_MS } from '@shared/schemas/notifications';
import { spawnLocalStack } from '../../test/helpers/local-stack';
import { http, registerAndLogin } from '../../test/helpers/http';
import { ms, pointAtLocalTable, type SuiteResult } from '../lib';

const NOTIFICATIONS = 30;
const IDLE_POLLS = 50;

const rcu = (headers: Headers) => Number(headers.get('x-assay-consumed-rcu') ?? 'NaN');

export async function run(): Promise<SuiteResult> {
  const stack = await spawnLocalStack();
  try {
    const gw = stack.urls.gateway;
    // (two authors: one author's comments are limited to USER_LIMITS.comments a minute, all spent on the first load's)
    const [reader, author, colleague] = await Promise.all([registerAndLogin(gw, 'reader'), registerAndLogin(gw, 'author'), registerAndLogin(gw, 'colleague')]);
    const org = await http(gw, 'POST', '/api/organizations', { token: author.token, body: { name: 'Bench notifications' } });
    const report = await http(gw, 'POST', '/api/reports', { token: author.token, body: { title: 'Bench report', organization_id: org.body.id, owner: 'Ann' } });
    if (report.status !== 200) throw new Error(`report: ${report.status} ${report.text}`);
    const mention = (i: number, by = author) =>
      http(gw, 'POST', `/api/reports/${report.body.id}/comments`, { token: by.token, body: { anchor: { section: 'findings' }, body: `Note ${i} for @${reader.user.username}: ${'the margin figure needs a source. '.repeat(4)}` } });
    for (let i = 0; i < NOTIFICATIONS; i++) {
      const r = await mention(i);
      if (r.status !== 200) throw new Error(`comment: ${r.status} ${r.text}`);
    }

    // the first load: the newest 30 and the unread count (one Query)
    const first = await http(gw, 'GET', '/api/notifications', { token: reader.token });
    if (first.status !== 200 || first.body.items.length !== NOTIFICATIONS) throw new Error(`first load: ${first.status} ${first.text.slice(0, 200)}`);
    const since = encodeURIComponent(first.body.latest as string);
    // polls with nothing new (what almost every poll is)
    const idle: number[] = [];
    for (let i = 0; i < IDLE_POLLS; i++) {
      const r = await http(gw, 'GET', `/api/notifications?since=${since}`, { token: reader.token });
      if (r.status !== 200 || r.body.items.length !== 0) throw new Error(`idle poll: ${r.status} ${r.text.slice(0, 200)}`);
      idle.push(rcu(r.headers));
    }
    // a poll that brings one new notification
    const fresh = await mention(NOTIFICATIONS, colleague);
    if (fresh.status !== 200) throw new Error(`comment: ${fresh.status} ${fresh.text}`);
    const one = await http(gw, 'GET', `/api/notifications?since=${since}`, { token: reader.token });
    if (one.body.items.length !== 1) throw new Error(`one-new poll answered ${one.body.items.length} items`);

    // the session check, metered in process the way the handler is (two eventually consistent GetItems)
    pointAtLocalTable(stack, { METER_DYNAMODB: 'true' });
    const { assertSessionLive } = await import('../../functions/domain/auth/session-check');
    const { measureCapacity } = await import('../../functions/lib/capacity-meter');
    const claims = { auth_time: String(Math.floor(Date.now() / 1000)), jti: 'bench-session' };
    const check = await measureCapacity(() => assertSessionLive(reader.user.username, claims));
    const sessionRcu = check.capacity?.read ?? Number.NaN;

    const idleRcu = Math.max(...idle);
    const perMinute = 60_000 / POLL_MS;
    const perPoll = idleRcu + sessionRcu;

    const options = { url: `${gw}/api/notifications?since=${since}`, headers: { authorization: `Bearer ${reader.token}` }, connections: 10 };
    await autocannon({ ...options, duration: 3 });
    const load = await autocannon({ ...options, duration: 10 });

    return {
      suite: 'notifications',
      table: [
        { figure: 'poll interval of the SPA (paused while the tab is hidden)', value: `${POLL_MS / 1000} s` },
        { figure: `idle poll (since, nothing new): handler read units, max of ${IDLE_POLLS}`, value: `${idleRcu} RCU (one Query)`, goal: '≤ 1 read', ok: idleRcu <= 1 },
        { figure: 'poll with one new notification: handler read units', value: `${rcu(one.headers)} RCU` },
        { figure: `first load (${NOTIFICATIONS} notifications + unread count): handler read units`, value: `${rcu(first.headers)} RCU` },
        { figure: 'session check of every signed-in request (metered in process)', value: `${sessionRcu} RCU` },
        { figure: 'requests per minute per user (idle, tab visible)', value: `${perMinute}` },
        { figure: 'DynamoDB read units per minute per user (idle: polls × (handler + session check))', value: `${perMinute * perPoll} RCU/min (${perMinute * idleRcu} handler + ${perMinute * sessionRcu} session check)` },
        { figure: 'idle poll latency p50 (10 connections, 10 s, local gateway)', value: ms(load.latency.p50) },
        { figure: 'idle poll latency p99', value: ms(load.latency.p99) },
        { figure: 'errors / non-2xx', value: `${load.errors} / ${load.non2xx}`, goal: '0', ok: load.errors === 0 && load.non2xx === 0 },
      ],
      data: { pollMs: POLL_MS, idleRcu: idle, oneNewRcu: rcu(one.headers), firstLoadRcu: rcu(first.headers), sessionRcu, perMinute, rcuPerMinute: perMinute * perPoll, latency: load.latency, requests: load.requests },
    };
  } finally {
    await stack.stop();
  }
}
