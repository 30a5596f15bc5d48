/**
 * Log lines carry their own request's id when invocations overlap in one process (as under the local
 * gateway): the logger keeps its context in AsyncLocalStorage, and the API chain runs each invocation,
 * middlewares included, inside its own context.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemRoutes } from '@shared/api/routes/system';
import { COLD_START_ENV } from '../helpers/cold-start-env';

/** A promise and the function that settles it, to interleave two invocations step by step. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Every JSON line written to stdout and stderr while `fn` runs. */
async function captureLines(fn: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const keep = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(keep);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(keep);
  try {
    await fn();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines.flatMap((l) => l.split('\n')).filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('logger context', () => {
  it('keeps each of two interleaved flows on its own fields', async () => {
    const { logger } = await import('../../functions/lib/logger');
    const a = gate();
    const b = gate();
    const lines = await captureLines(() =>
      Promise.all([
        logger.withContext({ requestId: 'req-a' }, async () => {
          logger.info('a starts');
          await a.opened;
          logger.info('a ends');
        }),
        logger.withContext({ requestId: 'req-b' }, async () => {
          logger.info('b starts');
          a.open(); // a finishes while b is still running
          await b.opened;
          logger.info('b ends');
        }),
        (async () => {
          await a.opened;
          b.open();
        })(),
      ]),
    );
    expect(lines.map((l) => [l.message, l.requestId])).toEqual([
      ['a starts', 'req-a'],
      ['b starts', 'req-b'],
      ['a ends', 'req-a'],
      ['b ends', 'req-b'],
    ]);
  });

  it('gives every line of two overlapping API invocations its own request id and route, the error mapping included', async () => {
    vi.resetModules();
    vi.stubEnv('TABLE_NAME', COLD_START_ENV.TABLE_NAME);
    vi.stubEnv('AWS_REGION', COLD_START_ENV.AWS_REGION);
    const { api } = await import('../../functions/lib/middleware/http-api');
    const { logger } = await import('../../functions/lib/logger');
    const gates = { first: gate(), second: gate() };
    const handler = api(systemRoutes.health).handler(async (event) => {
      const which = event.headers['x-which'] as 'first' | 'second';
      logger.info('working', { which });
      await gates[which].opened;
      logger.info('done', { which });
      if (which === 'second') throw new Error('boom'); // logged by the error mapper, outside the handler
      return { status: 'ok' as const, time: new Date().toISOString() };
    });
    const event = (which: string) => ({
      version: '2.0',
      routeKey: 'GET /api/health',
      rawPath: '/api/health',
      rawQueryString: '',
      headers: { 'x-which': which },
      requestContext: { http: { method: 'GET', path: '/api/health' }, requestId: which },
      isBase64Encoded: false,
    });
    const context = (id: string) => ({ awsRequestId: id, getRemainingTimeInMillis: () => 10_000 });

    const lines = await captureLines(async () => {
      const first = handler(event('first') as never, context('req-1') as never);
      const second = handler(event('second') as never, context('req-2') as never);
      // the second invocation started last; the first logs again after it
      gates.first.open();
      await first;
      gates.second.open();
      await second;
    });
    const ours = lines.filter((l) => l.message === 'working' || l.message === 'done' || l.level === 'error');
    expect(ours.length).toBeGreaterThanOrEqual(5);
    for (const line of ours) {
      expect(line.route).toBe(systemRoutes.health.id);
      if (line.which) expect(line.requestId).toBe(line.which === 'first' ? 'req-1' : 'req-2');
      else expect(line.requestId).toBe('req-2'); // the error of the second invocation
    }
  });

  it('writes security events with the user, client address and request id, and logs every refusal (a 403 as a security event)', async () => {
    vi.resetModules();
    vi.stubEnv('TABLE_NAME', COLD_START_ENV.TABLE_NAME);
    vi.stubEnv('AWS_REGION', COLD_START_ENV.AWS_REGION);
    const { api } = await import('../../functions/lib/middleware/http-api');
    const { logger } = await import('../../functions/lib/logger');
    const { BadRequestError, ForbiddenError } = await import('../../functions/lib/errors');
    const handler = api(systemRoutes.health).handler(async (event) => {
      logger.security('signin.failure', { user: 'mallory', attempt: 6 });
      if (event.headers['x-which'] === 'forbidden') throw new ForbiddenError('Only administrators may do this');
      throw new BadRequestError('name is required');
    });
    const event = (which: string) => ({
      version: '2.0',
      routeKey: 'GET /api/health',
      rawPath: '/api/health',
      rawQueryString: '',
      headers: { 'x-which': which, 'cloudfront-viewer-address': '203.0.113.9:51000' },
      requestContext: { http: { method: 'GET', path: '/api/health', sourceIp: '10.0.0.1' }, requestId: which },
      isBase64Encoded: false,
    });
    const context = (id: string) => ({ awsRequestId: id, getRemainingTimeInMillis: () => 10_000 });
    const lines = await captureLines(async () => {
      await handler(event('forbidden') as never, context('req-f') as never);
      await handler(event('bad') as never, context('req-b') as never);
    });
    const failure = lines.find((l) => l.event === 'signin.failure' && l.requestId === 'req-f');
    // what the failed sign-ins metric filter matches: { $.security IS TRUE && $.event = "signin.failure" }
    expect(failure).toMatchObject({ level: 'warn', security: true, event: 'signin.failure', user: 'mallory', client: '203.0.113.9', route: 'health', attempt: 6 });
    expect(lines.find((l) => l.event === 'access.denied')).toMatchObject({ security: true, status: 403, detail: 'Only administrators may do this', client: '203.0.113.9', requestId: 'req-f' });
    expect(lines.find((l) => l.message === 'request refused')).toMatchObject({ status: 400, detail: 'name is required', requestId: 'req-b' });
  });
});
