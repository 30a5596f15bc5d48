/**
 * What ending sessions costs every signed-in request: the session check (two eventually consistent GetItems side
 * by side: the user's SESSIONS#<username> item and the profile's status, no cache), timed on its own against the
 * local stack's DynamoDB Local, and GET /api/auth/verify through the gateway with the check in it.
 */
import autocannon from 'autocannon';
import { spawnLocalStack } from '../../test/helpers/local-stack';
import { http, registerAndLogin } from '../../test/helpers/http';
import { ms, percentile, pointAtLocalTable, type SuiteResult } from '../lib';

const CHECKS = 1000;

export async function run(): Promise<SuiteResult> {
  const stack = await spawnLocalStack();
  try {
    const session = await registerAndLogin(stack.urls.gateway, 'bench');
    // the middleware's own code, pointed at this stack's table (as the gateway's handlers are)
    pointAtLocalTable(stack);
    const { assertSessionLive } = await import('../../functions/domain/auth/session-check');
    const claims = { auth_time: String(Math.floor(Date.now() / 1000)), jti: 'bench-session' };
    for (let i = 0; i < 50; i++) await assertSessionLive(session.user.username, claims); // warm-up: connections, JIT
    const times: number[] = [];
    for (let i = 0; i < CHECKS; i++) {
      const started = performance.now();
      await assertSessionLive(session.user.username, claims);
      times.push(performance.now() - started);
    }

    const ok = await http(stack.urls.gateway, 'GET', '/api/auth/verify', { token: session.token });
    if (ok.status !== 200) throw new Error(`verify failed: ${ok.status} ${ok.text}`);
    const options = { url: `${stack.urls.gateway}/api/auth/verify`, headers: { authorization: `Bearer ${session.token}` }, connections: 10 };
    await autocannon({ ...options, duration: 3 });
    const result = await autocannon({ ...options, duration: 10 });

    return {
      suite: 'session-check',
      table: [
        { figure: `session check alone p50 (${CHECKS} sequential, DynamoDB Local)`, value: ms(percentile(times, 50)) },
        { figure: 'session check alone p99', value: ms(percentile(times, 99)) },
        { figure: 'DynamoDB capacity per signed-in request', value: '1 RCU (two eventually consistent GetItems, items < 4 KB)' },
        { figure: 'GET /api/auth/verify p50 with the check (10 connections, 10 s)', value: ms(result.latency.p50) },
        { figure: 'GET /api/auth/verify p99', value: ms(result.latency.p99) },
        { figure: 'errors / non-2xx', value: `${result.errors} / ${result.non2xx}`, goal: '0', ok: result.errors === 0 && result.non2xx === 0 },
      ],
      data: { checkMs: times, verifyLatency: result.latency, requests: result.requests },
    };
  } finally {
    await stack.stop();
  }
}
