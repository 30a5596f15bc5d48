/**
 * Sign-in latency through the local gateway: POST /api/auth/login at 10 concurrent connections, each a
 * different user (one user signing in ten times at once from one address is what the attempt reservation
 * refuses beyond the free attempts, by design).
 */
import autocannon from 'autocannon';
import { spawnLocalStack } from '../../test/helpers/local-stack';
import { registerConfirmed, uniqueUser } from '../../test/helpers/http';
import { ms, type SuiteResult } from '../lib';

const CONNECTIONS = 10;

export async function run(): Promise<SuiteResult> {
  const stack = await spawnLocalStack();
  try {
    const users = await Promise.all(Array.from({ length: CONNECTIONS }, () => registerConfirmed(stack.urls.gateway, uniqueUser('bench'))));
    let next = 0;
    const options = {
      url: `${stack.urls.gateway}/api/auth/login`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      connections: CONNECTIONS,
      // each connection signs one user in, again and again
      setupClient: (client: { setBody: (body: string) => void }) => {
        const user = users[next++ % users.length]!;
        client.setBody(JSON.stringify({ username: user.username, password: user.password }));
      },
    };
    await autocannon({ ...options, duration: 3 }); // warm-up: cold starts, JIT, JWKS
    const result = await autocannon({ ...options, duration: 15 });
    const { latency } = result;
    return {
      suite: 'signin',
      table: [
        { figure: 'sign-in p50 (10 connections, 10 users, 15 s)', value: ms(latency.p50) },
        { figure: 'sign-in p99', value: ms(latency.p99) },
        { figure: 'requests', value: String(result.requests.total) },
        { figure: 'errors / non-2xx', value: `${result.errors} / ${result.non2xx}`, goal: '0', ok: result.errors === 0 && result.non2xx === 0 },
      ],
      data: { latency, requests: result.requests, throughput: result.throughput, errors: result.errors, non2xx: result.non2xx, duration: result.duration },
    };
  } finally {
    await stack.stop();
  }
}
