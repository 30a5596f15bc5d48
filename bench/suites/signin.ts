/**
 * Sign-in latency through the local gateway: POST /api/auth/login at 10 concurrent connections, 120 users
 * taken in turn (one user signing in ten times at once from one address is what the attempt reservation
 * refuses beyond the free attempts, and 30 password checks a minute per username is a limit, by design).
 * And a flood: 1,000 sign-in attempts from one client address (20 at a time, wrong passwords for many
 * usernames), with another client signing in over and over while it lasts: how many the flood got answered
 * (accepted: a password was checked) and refused (429), and the other client's sign-in time. (`FLOOD_ONLY=1` runs
 * only the flood.)
 */
import autocannon from 'autocannon';
import { spawnLocalStack } from '../../test/helpers/local-stack';
import { http, registerConfirmed, uniqueUser } from '../../test/helpers/http';
import { median, ms, type SuiteResult } from '../lib';

const CONNECTIONS = 10;
const USERS = 120;

const FLOOD = 1000;
const FLOOD_CONCURRENCY = 20;

async function flood(gateway: string) {
  const someone = await registerConfirmed(gateway, uniqueUser('bystander'));
  const flooder = { 'cloudfront-viewer-address': '203.0.113.50:40000' };
  const other = { 'cloudfront-viewer-address': '198.51.100.20:40001' };
  const statuses: number[] = [];
  let sent = 0;
  let done = false;
  const started = performance.now();
  const attack = Promise.all(
    Array.from({ length: FLOOD_CONCURRENCY }, async () => {
      for (let i = sent++; i < FLOOD; i = sent++) {
        const res = await http(gateway, 'POST', '/api/auth/login', { body: { username: `flood-${i}`, password: 'not the password at all' }, headers: flooder });
        statuses.push(res.status);
      }
    }),
  ).finally(() => (done = true));
  const otherTimes: number[] = [];
  const otherStatuses: number[] = [];
  while (!done) {
    const t = performance.now();
    const res = await http(gateway, 'POST', '/api/auth/login', { body: { username: someone.username, password: someone.password }, headers: other });
    otherTimes.push(performance.now() - t);
    otherStatuses.push(res.status);
  }
  await attack;
  const floodMs = performance.now() - started;
  const count = (pred: (s: number) => boolean) => statuses.filter(pred).length;
  return {
    accepted: count((s) => s !== 429),
    refused: count((s) => s === 429),
    statuses: Object.fromEntries([...new Set(statuses)].map((s) => [s, count((x) => x === s)])),
    floodMs,
    otherTimes,
    otherOk: otherStatuses.filter((s) => s === 200).length,
    otherTotal: otherStatuses.length,
  };
}

export async function run(): Promise<SuiteResult> {
  const stack = await spawnLocalStack();
  try {
    const f = await flood(stack.urls.gateway);
    const floodRows = [
      { figure: `flood of ${FLOOD} sign-in attempts from one client (${FLOOD_CONCURRENCY} at a time): accepted / refused (429)`, value: `${f.accepted} / ${f.refused} in ${ms(f.floodMs)}` },
      {
        figure: 'another client signing in during the flood: p50 / max, signed in',
        value: `${ms(median(f.otherTimes))} / ${ms(Math.max(...f.otherTimes))}, ${f.otherOk} of ${f.otherTotal}`,
        goal: 'every one signed in',
        ok: f.otherOk === f.otherTotal && f.otherTotal > 0,
      },
    ];
    if (process.env.FLOOD_ONLY === '1') return { suite: 'signin', table: floodRows, data: { flood: f } };
    // more users than connections, taken in turn request by request: no username is checked more often than a
    // person would (30 password checks a minute per username is a limit)
    const users: { username: string; password: string }[] = [];
    for (let i = 0; i < USERS; i += 10) users.push(...(await Promise.all(Array.from({ length: 10 }, () => registerConfirmed(stack.urls.gateway, uniqueUser('bench'))))));
    let next = 0;
    const options = {
      url: stack.urls.gateway,
      connections: CONNECTIONS,
      requests: [
        {
          method: 'POST' as const,
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req: autocannon.Request) => {
            const user = users[next++ % users.length]!;
            return { ...req, body: JSON.stringify({ username: user.username, password: user.password }) };
          },
        },
      ],
    };
    await autocannon({ ...options, duration: 3 }); // warm-up: cold starts, JIT, JWKS
    const result = await autocannon({ ...options, duration: 15 });
    const { latency } = result;
    return {
      suite: 'signin',
      table: [
        ...floodRows,
        { figure: `sign-in p50 (10 connections, ${USERS} users in turn, 15 s)`, value: ms(latency.p50) },
        { figure: 'sign-in p99', value: ms(latency.p99) },
        { figure: 'requests', value: String(result.requests.total) },
        { figure: 'errors / non-2xx', value: `${result.errors} / ${result.non2xx}`, goal: '0', ok: result.errors === 0 && result.non2xx === 0 },
      ],
      data: { flood: f, latency, requests: result.requests, throughput: result.throughput, errors: result.errors, non2xx: result.non2xx, duration: result.duration },
    };
  } finally {
    await stack.stop();
  }
}
