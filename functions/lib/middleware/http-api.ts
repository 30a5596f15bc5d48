import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { ResponseOf, RouteDef } from '@shared/api/route-types';
import { BODY_LIMITS } from '@shared/constants';
import { authDetails } from '@shared/messages/auth';
import { systemDetails } from '@shared/messages/system';
import { formatZodError } from '@shared/schemas/common';
import * as z from 'zod/mini';
import { AuthenticationError, BadRequestError, PayloadTooLargeError } from '../errors';
import { measureCapacity } from '../capacity-meter';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../json-depth';
import { clientAddress } from '../client-address';
import { logger } from '../logger';
import { edgeOrigin } from './edge-origin';
import { errorMapper, jsonError } from './error-mapper';
import { isHttpResult, isRawBody, respond, type ApiEvent, type ApiResult, type AuthUser, type HttpResult, type RawBody } from './types';

/** What a handler may return: the route's response body, or that body wrapped by respond(). */
export type HandlerResult<R extends RouteDef> = ResponseOf<R> | HttpResult<ResponseOf<R>> | ApiResult | RawBody | HttpResult<RawBody>;
type Mw<R extends RouteDef> = middy.MiddlewareObj<ApiEvent<R>, HandlerResult<R>>;
type Request<R extends RouteDef> = middy.Request<ApiEvent<R>, HandlerResult<R>>;

/**
 * Every log line of the invocation names its request and route: the whole chain (middlewares and error
 * mapping included) runs inside the logger's context for this one invocation, so invocations running at
 * the same time in one process (the local gateway) never borrow each other's request id.
 */
function withLogContext<R extends RouteDef, H extends (event: ApiEvent<R>, context: Context, ...rest: never[]) => unknown>(route: R, chain: H): H {
  const invoke = (event: ApiEvent<R>, context: Context, ...rest: never[]) =>
    logger.withContext({ requestId: context?.awsRequestId, route: route.id, client: clientAddress(event) }, () => chain(event, context, ...rest));
  return Object.assign(invoke, chain);
}

/** Rejects oversize bodies before anything parses them. */
function bodyLimit<R extends RouteDef>(route: R): Mw<R> {
  const max = route.maxBodyBytes ?? BODY_LIMITS.smallJsonBytes;
  return {
    before: async (request: Request<R>) => {
      const body = request.event.body;
      if (typeof body !== 'string' || body.length === 0) return;
      const bytes = request.event.isBase64Encoded ? Math.floor((body.length * 3) / 4) : Buffer.byteLength(body);
      if (bytes > max) throw new PayloadTooLargeError(systemDetails.bodyTooLarge(max));
    },
  };
}

function parse(schema: z.core.$ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const result = z.safeParse(schema, value ?? (where === 'body' ? undefined : {}));
  if (!result.success) throw new BadRequestError(formatZodError(result.error, where));
  return result.data;
}

/** @middy/http-json-body-parser, for requests that have a body at all (an absent body is zod's to report). */
function jsonBody<R extends RouteDef>(): Mw<R> {
  const parser = httpJsonBodyParser() as unknown as Mw<R>;
  return {
    before: async (request: Request<R>) => {
      const body = request.event.body;
      if (typeof body !== 'string' || body.length === 0) return;
      const text = request.event.isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
      if (jsonTooDeep(text)) throw new BadRequestError(systemDetails.jsonTooDeep(MAX_JSON_DEPTH));
      await parser.before?.(request);
    },
  };
}

/**
 * A multipart form's fields besides its files, as the route's body schema reads them (the files stay in
 * `event.body` for the handler). Undefined when the body was not parsed as a form.
 */
function formFields(body: unknown): Record<string, unknown> | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const isFile = (v: unknown) => typeof v === 'object' && v !== null && Buffer.isBuffer((v as { content?: unknown }).content);
  return Object.fromEntries(Object.entries(body).filter(([, v]) => !isFile(v) && !(Array.isArray(v) && v.some(isFile))));
}

/**
 * zod validation of path parameters, query string and body, with the route's own schemas. A multipart route's
 * body schema validates its form's fields, which the parser before this has read: so every id a request carries
 * is in `event.input` before the access check (functions/http/api.ts) reads it.
 */
function validate<R extends RouteDef>(route: R): Mw<R> {
  const multipart = route.bodyType === 'multipart';
  return {
    before: async (request: Request<R>) => {
      const { event } = request;
      event.input = {
        params: parse(route.params, event.pathParameters, 'path'),
        query: parse(route.query, event.queryStringParameters, 'query'),
        body: route.body ? (multipart ? parse(route.body, formFields(event.body) ?? {}, 'form') : parse(route.body, event.body, 'body')) : undefined,
      } as ApiEvent<R>['input'];
    },
  };
}

/**
 * The check of a signed-in request's session against what is stored (sessions ended, the account's status).
 * A port: functions/http/api.ts wires the auth domain's check in, so this plumbing never reaches the data layer.
 * What it gives (something read with the session's items, such as a list's scope) becomes `event.checked`.
 */
export type SessionCheck = (username: string, claims: Record<string, unknown>) => Promise<unknown>;

/**
 * Claims from the JWT authorizer → `event.user`. The authorizer (or the local gateway) has checked the token's
 * signature, issuer, expiry and audience; API Gateway's JWT authorizer takes an ID token as well (its `aud` is
 * the app client), so here only an access token is let through (`token_use`). Then the session check refuses a
 * token of a session that was ended or signed out, or of an account that is not active.
 */
function authContext<R extends RouteDef>(route: R, sessionCheck: SessionCheck | undefined): Mw<R> {
  return {
    before: async (request: Request<R>) => {
      const claims = request.event.requestContext?.authorizer?.jwt?.claims;
      const user: AuthUser | undefined =
        claims && typeof claims.sub === 'string' && claims.token_use === 'access' && typeof claims.username === 'string' && claims.username
          ? { sub: claims.sub, username: claims.username, clientId: String(claims.client_id ?? '') }
          : undefined;
      if (user) logger.addContext({ user: user.username });
      if (route.auth === 'user') {
        if (claims && typeof claims.sub === 'string' && claims.token_use !== 'access') {
          logger.security('session.refused', { reason: 'not an access token', token_use: String(claims.token_use ?? '') });
          throw new AuthenticationError(authDetails.invalidToken);
        }
        if (!user) throw new AuthenticationError(authDetails.unauthorized);
        (request.event as { checked?: unknown }).checked = await sessionCheck!(user.username, claims);
      }
      (request.event as { user?: AuthUser }).user = user;
    },
  };
}

const validateResponses = process.env.VALIDATE_RESPONSES === 'true';

/** Serialises what the handler returned; in tests also checks it against the route's response schema. */
function responder<R extends RouteDef>(route: R): Mw<R> {
  return {
    after: async (request: Request<R>) => {
      const raw: unknown = request.response;
      const result = isHttpResult(raw) ? raw : { statusCode: 200, body: raw, headers: undefined, cookies: undefined };
      if (isRawBody(result.body)) {
        const { data, contentType } = result.body;
        request.response = {
          statusCode: result.statusCode,
          headers: { 'content-type': contentType, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...result.headers },
          ...(result.cookies?.length ? { cookies: result.cookies } : {}),
          body: typeof data === 'string' ? data : Buffer.from(data).toString('base64'),
          isBase64Encoded: typeof data !== 'string',
        };
        return;
      }
      if (validateResponses && result.statusCode < 300) {
        const check = z.safeParse(route.response, result.body);
        if (!check.success) {
          logger.error('response does not match its schema', { route: route.id, problem: formatZodError(check.error) });
          request.response = jsonError(500, systemDetails.internal);
          return;
        }
      }
      request.response = {
        statusCode: result.statusCode,
        headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...result.headers },
        ...(result.cookies?.length ? { cookies: result.cookies } : {}),
        body: JSON.stringify(result.body),
      };
    },
  };
}

/**
 * The standard middleware chain for a route-table entry. Handlers take it from functions/http/api.ts, which
 * gives it the session check; a signed-in route without one is refused when its module loads (fails closed).
 * A handler module is wiring only:
 *   export const handler = api(routes.login).handler((event) => login(event.input.body));
 */
export function api<R extends RouteDef>(route: R, opts: { bodyParser?: middy.MiddlewareObj; sessionCheck?: SessionCheck } = {}) {
  if (route.auth === 'user' && !opts.sessionCheck) throw new Error(`route ${route.id} is signed-in but has no session check (use functions/http/api.ts)`);
  const chain = middy<ApiEvent<R>, HandlerResult<R>>()
    .use(errorMapper() as unknown as Mw<R>)
    .use(edgeOrigin() as unknown as Mw<R>)
    .use(bodyLimit(route));
  if ((route.bodyType ?? 'json') === 'json' && route.body) chain.use(jsonBody<R>());
  // other body formats (multipart) bring their own parser, so that only their bundles carry it
  if (opts.bodyParser) chain.use(opts.bodyParser as Mw<R>);
  if (route.bodyType === 'multipart' && !opts.bodyParser) throw new Error(`route ${route.id} is multipart: its handler gives the chain the multipart parser`);
  // the order every route relies on: the body parsed (JSON or form), then validated, then the session, and the
  // middlewares added after this chain (the access check, the limits) run after all three
  chain.use(validate(route)).use(authContext(route, opts.sessionCheck)).use(responder(route));

  // With METER_DYNAMODB=true (local harness, benchmarks) each answer says what DynamoDB capacity it consumed.
  const setHandler = chain.handler.bind(chain);
  type Fn = Parameters<typeof setHandler>[0];
  chain.handler = ((fn: Fn) => {
    setHandler((async (event, context, opts) => {
      const { result, capacity } = await measureCapacity(async () => fn(event, context, opts));
      if (!capacity) return result;
      const headers = { 'x-assay-consumed-rcu': capacity.read.toFixed(1), 'x-assay-consumed-wcu': capacity.write.toFixed(1) };
      return isHttpResult(result) ? { ...result, headers: { ...result.headers, ...headers } } : respond(result, { headers });
    }) as Fn);
    return withLogContext(route, chain);
  }) as typeof chain.handler;
  return chain;
}
