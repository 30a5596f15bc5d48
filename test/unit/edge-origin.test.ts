/**
 * The API refuses requests that did not pass CloudFront: with ORIGIN_VERIFY_SECRET set (the cloud), a request
 * without CloudFront's origin-verify header (one sent straight to the execute-api address) gets 403 with a
 * detail before the handler runs; locally (no secret) nothing changes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '@shared/constants';
import { details } from '@shared/messages';
import { COLD_START_ENV } from '../helpers/cold-start-env';

const event = (headers: Record<string, string> = {}) => ({
  version: '2.0',
  routeKey: 'GET /api/health',
  rawPath: '/api/health',
  rawQueryString: '',
  headers,
  requestContext: { http: { method: 'GET', path: '/api/health' }, requestId: 'r' },
  isBase64Encoded: false,
});
const context = { awsRequestId: 'r', getRemainingTimeInMillis: () => 10_000 };

/** The real health handler, loaded fresh with the given environment (the check reads it when the chain is built). */
async function healthHandler(secret: string | undefined) {
  vi.resetModules();
  vi.stubEnv('TABLE_NAME', COLD_START_ENV.TABLE_NAME);
  vi.stubEnv('AWS_REGION', COLD_START_ENV.AWS_REGION);
  if (secret === undefined) delete process.env.ORIGIN_VERIFY_SECRET;
  else process.env.ORIGIN_VERIFY_SECRET = secret;
  const { handler } = await import('../../functions/http/system/health');
  return (headers?: Record<string, string>) => handler(event(headers) as never, context as never) as Promise<{ statusCode: number; body: string }>;
}

afterEach(() => {
  delete process.env.ORIGIN_VERIFY_SECRET;
  vi.unstubAllEnvs();
});

describe('requests must come through the edge', () => {
  it('refuses a request without the header, or with a wrong one, with 403 and a detail', async () => {
    const call = await healthHandler('s3cret-value-from-secrets-manager');
    for (const headers of [{} as Record<string, string>, { [ORIGIN_VERIFY_HEADER]: 'guess' }, { [ORIGIN_VERIFY_HEADER]: '' }, { [ORIGIN_VERIFY_HEADER]: 's3cret-value-from-secrets-manager ' }]) {
      const res = await call(headers);
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ detail: details.notThroughEdge });
    }
  });

  it('answers a request that carries the header CloudFront adds', async () => {
    const call = await healthHandler('s3cret-value-from-secrets-manager');
    const res = await call({ [ORIGIN_VERIFY_HEADER]: 's3cret-value-from-secrets-manager' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).status).toBe('ok');
  });

  it('checks nothing where there is no edge (the local harness sets no secret)', async () => {
    const call = await healthHandler(undefined);
    expect((await call()).statusCode).toBe(200);
  });
});
