import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { RouteDef } from '@shared/api/route-types';
import type { Organization } from '@shared/schemas/organizations';
import type { Report } from '@shared/schemas/reports';
import type { TeamRole } from '@shared/schemas/teams';

/** The signed-in caller, from the JWT authorizer's claims. */
export interface AuthUser {
  sub: string;
  username: string;
  clientId: string;
}

/** The caller's standing on one client, and the client's record, as the access check read them (one read). */
export interface ClientStanding {
  organizationId: string;
  /** false: no such client (the operation gives its own answer for that) */
  exists: boolean;
  confidential: boolean;
  /** the caller's role on the client's team, as the policy counts it */
  role: TeamRole | undefined;
  /** the client's record (undefined when it does not exist) */
  organization: Organization | undefined;
}

/** A report of the request, as the access check read it (strongly consistent), with its client: what a report's operation is given. */
export interface ReportInContext {
  report: Report;
  client: ClientStanding;
}

/**
 * What the access check read for this request (functions/http/api.ts), handed to the operation so that it
 * reads none of it again: the caller, each report the request names by its id as the request spells it, and
 * each client those reports belong to or the request names, by id. A report the request names but that does not
 * exist, or that the caller may not see, never gets here: the check answered it (the same 404 for both).
 */
export interface RequestContext {
  user: AuthUser;
  reports: ReadonlyMap<string, Report>;
  clients: ReadonlyMap<string, ClientStanding>;
}

type Out<T> = T extends z.core.$ZodType ? z.output<T> : undefined;

export interface ValidatedInput<R extends RouteDef> {
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
}

/** The API Gateway v2 event after our middlewares have run. */
export type ApiEvent<R extends RouteDef = RouteDef> = Omit<APIGatewayProxyEventV2WithJWTAuthorizer, 'body'> & {
  body?: unknown;
  input: ValidatedInput<R>;
  /** set on `auth: 'user'` routes */
  user: R['auth'] extends 'user' ? AuthUser : AuthUser | undefined;
  /** what the route's session check read with the session, if anything (functions/http/api.ts: a list's scope) */
  checked?: unknown;
  /** set on `auth: 'user'` routes, before the handler runs: what the access check read */
  context: R['auth'] extends 'user' ? RequestContext : RequestContext | undefined;
};

export type ApiResult = APIGatewayProxyStructuredResultV2;

const RESULT = Symbol.for('assay.httpResult');

/** A handler returns its body; `respond()` adds a status, headers or cookies. */
export interface HttpResult<T = unknown> {
  [RESULT]: true;
  statusCode: number;
  body: T;
  headers?: Record<string, string>;
  cookies?: string[];
}

export function respond<T>(body: T, opts: { statusCode?: number; headers?: Record<string, string>; cookies?: string[] } = {}): HttpResult<T> {
  return { [RESULT]: true, statusCode: opts.statusCode ?? 200, body, headers: opts.headers, cookies: opts.cookies };
}

export function isHttpResult(value: unknown): value is HttpResult {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[RESULT] === true;
}

const RAW = Symbol.for('assay.rawBody');

/** A body that is not JSON (an image, a document): sent as it is, with its own content type. */
export interface RawBody {
  [RAW]: true;
  contentType: string;
  /** text is sent as it is; bytes are base64-encoded for API Gateway (`isBase64Encoded`) */
  data: string | Uint8Array;
}

export function rawBody(data: string | Uint8Array, contentType: string): RawBody {
  return { [RAW]: true, contentType, data };
}

export function isRawBody(value: unknown): value is RawBody {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[RAW] === true;
}
