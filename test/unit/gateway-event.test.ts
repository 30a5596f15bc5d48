import { describe, expect, it } from 'vitest';
import { routes, routeList } from '@shared/api/routes';
import { buildEvent, matchRoute, pathPattern, stringifyClaims } from '../../infra/local/event';
import { readCookie } from '../../functions/lib/cookies';

describe('local gateway: route matching', () => {
  it('matches templates with parameters and decodes them', () => {
    expect(pathPattern('/api/reports/{id}/status').exec('/api/reports/abc%20d/status')?.groups).toEqual({ id: 'abc%20d' });
    expect(pathPattern('/api/reports/{id}').test('/api/reports/a/b')).toBe(false);
    expect(pathPattern('/api/files/{key+}').exec('/api/files/a/b/c')?.groups).toEqual({ key: 'a/b/c' });
  });

  it('finds the route for a method and path, and reports other methods', () => {
    const hit = matchRoute(routeList, 'POST', '/api/auth/login');
    expect(hit && 'route' in hit ? hit.route.id : null).toBe('login');
    expect(matchRoute(routeList, 'GET', '/api/auth/login')).toEqual({ allowed: ['POST'] });
    expect(matchRoute(routeList, 'GET', '/api/nowhere')).toBeUndefined();
  });
});

describe('local gateway: API Gateway v2 events', () => {
  it('builds the payload-format-2.0 event the cloud would', () => {
    const event = buildEvent(
      {
        method: 'POST',
        url: '/api/auth/login?a=1&a=2&b=x',
        headers: { 'Content-Type': 'application/json', Cookie: 'assay_refresh=abc; other=1', 'X-Multi': ['1', '2'] },
        body: Buffer.from('{"u":1}'),
      },
      routes.login,
      {},
      stringifyClaims({ sub: 's', exp: 123, groups: ['a', 'b'] }),
    );
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('POST /api/auth/login');
    expect(event.rawQueryString).toBe('a=1&a=2&b=x');
    expect(event.queryStringParameters).toEqual({ a: '1,2', b: 'x' });
    expect(event.headers['content-type']).toBe('application/json');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.headers['x-multi']).toBe('1,2');
    expect(event.cookies).toEqual(['assay_refresh=abc', 'other=1']);
    expect(event.body).toBe('{"u":1}');
    expect(event.isBase64Encoded).toBe(false);
    expect(event.requestContext.authorizer.jwt.claims).toEqual({ sub: 's', exp: '123', groups: '[a b]' });
  });

  it('base64-encodes binary bodies', () => {
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
    const event = buildEvent({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/pdf' }, body: bytes }, routes.login, {});
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64')).toEqual(bytes);
  });
});

describe('cookies', () => {
  it('reads a cookie from API Gateway v2 cookies', () => {
    expect(readCookie(['a=1', 'assay_refresh=tok.en=='], 'assay_refresh')).toBe('tok.en==');
    expect(readCookie(['a=1; assay_refresh=x'], 'assay_refresh')).toBe('x');
    expect(readCookie(undefined, 'assay_refresh')).toBeUndefined();
    expect(readCookie(['assay_refresh='], 'assay_refresh')).toBeUndefined();
  });
});
