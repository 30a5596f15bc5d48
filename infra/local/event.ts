/**
 * Builds `APIGatewayProxyEventV2` the way API Gateway HTTP APIs (payload format 2.0) do:
 * lower-cased headers, cookies moved out of the headers into `cookies`, repeated query
 * parameters joined with commas, JWT claims under requestContext.authorizer.jwt.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import type { RouteDef } from '@shared/api/route-types';

export interface RawRequest {
  method: string;
  url: string; // path + query
  headers: Record<string, string | string[] | undefined>;
  body?: Buffer;
  sourceIp?: string;
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml|.*\+json)|text\/)/i;

export function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((seg) => {
      const m = /^\{(\w+)(\+)?\}$/.exec(seg);
      if (!m) return seg.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      return m[2] ? `(?<${m[1]}>.+)` : `(?<${m[1]}>[^/]+)`;
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/** A path segment decoded; malformed percent-encoding ("%E0%A4%A") is passed on as sent, for the route's schema to refuse. */
function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function matchRoute(routes: readonly RouteDef[], method: string, path: string): { route: RouteDef; params: Record<string, string> } | { allowed: string[] } | undefined {
  const allowed: string[] = [];
  for (const route of routes) {
    const m = pathPattern(route.path).exec(path);
    if (!m) continue;
    if (route.method !== method) {
      allowed.push(route.method);
      continue;
    }
    const params = Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, decodeSegment(v)]));
    return { route, params };
  }
  return allowed.length ? { allowed } : undefined;
}

export function buildEvent(
  req: RawRequest,
  route: RouteDef,
  pathParameters: Record<string, string>,
  claims?: Record<string, string>,
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const url = new URL(req.url, 'http://local');
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    if (key === 'cookie') {
      cookies = (Array.isArray(value) ? value.join('; ') : value).split(/;\s*/).filter(Boolean);
      continue;
    }
    headers[key] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;

  const contentType = headers['content-type'] ?? '';
  const hasBody = req.body !== undefined && req.body.length > 0;
  const isText = TEXT_TYPES.test(contentType);
  const now = new Date();
  const routeKey = `${route.method} ${route.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      authorizer: { jwt: { claims: claims ?? {}, scopes: claims?.scope ? claims.scope.split(' ') : [] }, principalId: '', integrationLatency: 0 },
    },
    ...(hasBody ? { body: isText ? req.body!.toString('utf8') : req.body!.toString('base64') } : {}),
    isBase64Encoded: hasBody && !isText,
  };
}

/** A Lambda context as the runtime passes it. */
export function buildContext(functionName: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Claims as the HTTP API JWT authorizer passes them: every value a string. */
export function stringifyClaims(payload: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([k, v]) => [k, Array.isArray(v) ? `[${v.join(' ')}]` : typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
}
