import type * as z from 'zod/mini';
import type { BucketGrant } from '../resources/bucket-prefixes';
import type { TableKeyGroup } from '../resources/table-keys';

type Schema = z.core.$ZodType;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Cognito actions a function may be granted (IAM action names without the service prefix). */
export type UserPoolAction =
  | 'AdminCreateUser'
  | 'AdminSetUserPassword'
  | 'AdminDeleteUser'
  | 'AdminGetUser'
  | 'AdminDisableUser'
  | 'AdminEnableUser'
  | 'AdminUpdateUserAttributes'
  | 'AdminUserGlobalSignOut';

/**
 * What a function may touch. The CDK API stack turns this into IAM grants and environment
 * variables (both together); the local gateway gives every handler the same environment.
 */
export interface RouteAccess {
  table?: 'read' | 'readwrite';
  /**
   * the table partitions it may touch (shared/resources/table-keys.ts; default `app`): a `dynamodb:LeadingKeys`
   * condition on its grant, so only the auth routes that need them reach reset codes, login failures, counters
   */
  tableKeys?: readonly TableKeyGroup[];
  /**
   * partitions it may only delete items from (DeleteItem, nothing else): deactivation removes the account's pending
   * reset and confirmation codes without being able to read or write them. (Every signed-in function also reads
   * the session check's partitions, `sessionCheck`, without declaring them.)
   */
  tableDeleteKeys?: readonly TableKeyGroup[];
  /**
   * what it may do in the evidence bucket, and where: actions on the key prefix groups of
   * shared/resources/bucket-prefixes.ts (`list`: s3:ListBucket with an `s3:prefix` condition on them). Never the
   * whole bucket; a presigned link is signed by the function, so its key must be under the function's grant too.
   */
  evidenceBucket?: readonly BucketGrant[];
  /** admin actions on the user pool (IAM-authorised) */
  userPool?: readonly UserPoolAction[];
  /** needs the app client id (InitiateAuth, RevokeToken are client APIs, not IAM-authorised) */
  userPoolClient?: boolean;
  /** exchanges a hosted-UI authorization code (sign-in through the firm's identity provider): its URLs */
  federation?: boolean;
  /** ses:SendEmail from the configured sender identity */
  email?: boolean;
  /** bedrock:InvokeModel / Converse on the configured model (routes that analyse text, used when AI_PROVIDER=bedrock) */
  bedrock?: boolean;
  /**
   * background workers (ids from shared/api/workers.ts) this function may start: lambda:InvokeFunction on
   * exactly those functions, and each one's name in its environment variable (workerFunctionEnv)
   */
  invoke?: readonly string[];
}

/**
 * Function class: decides memory and timeout in the cloud.
 * - `small`: CRUD and auth; I/O bound, 256 MB is plenty and cheapest.
 * - `large`: extraction, analysis, exports; CPU and memory bound.
 */
export type FunctionSize = 'small' | 'large';

/** The expensive work a person may ask for only so often (counted per user per minute, atomically). */
export type UserLimitCounter = 'ai' | 'render' | 'uploads' | 'search' | 'comments' | 'mentions';

/** A per-user limit: past `perMinute` requests in a minute the route answers 429 with Retry-After and a detail. */
export interface UserLimit {
  counter: UserLimitCounter;
  perMinute: number;
  /** counted only when this query parameter is given (a search, not every listing) */
  whenQuery?: string;
}

/**
 * The limit of each counter: AI work 30 a minute per user; chart images, uploads and searches 120; comments and
 * replies 30 (each may tell people: a flood of them is a flood of notifications); people mentioned 30 (counted per
 * person a comment mentions, by the comments' rules).
 */
export const USER_LIMITS = {
  ai: { counter: 'ai', perMinute: 30 },
  render: { counter: 'render', perMinute: 120 },
  uploads: { counter: 'uploads', perMinute: 120 },
  search: { counter: 'search', perMinute: 120 },
  comments: { counter: 'comments', perMinute: 30 },
  mentions: { counter: 'mentions', perMinute: 30 },
} as const satisfies Record<UserLimitCounter, UserLimit>;

/**
 * The bundle budget of a function that carries the S3 client (about 150 KB with its XML and checksum code): those
 * that read or write what may be kept in S3 (a large section or step, an evidence file, an export).
 */
export const S3_BUNDLE_KB = 500;

/**
 * A function that writes a section's text and files its stated figures in the claim ledger: S3's budget, the figure
 * reading (about 40 KB) and the Lambda client that starts the ledger's worker for a large section (about 60 KB).
 */
export const LEDGER_BUNDLE_KB = 650;

export interface RouteDef {
  /** stable identifier: function name suffix, OpenAPI operationId, client key */
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway route path, e.g. `/api/reports/{id}` */
  readonly path: string;
  /** handler module under functions/http, without extension, e.g. `auth/login` */
  readonly handler: string;
  /** `user`: a valid Cognito access token is required (JWT authorizer in the cloud, gateway locally) */
  readonly auth: 'none' | 'user';
  readonly summary: string;
  readonly params?: Schema;
  readonly query?: Schema;
  /** the JSON body; on a `multipart` route, the form's fields besides its files (validated before the access check) */
  readonly body?: Schema;
  readonly response: Schema;
  /** largest accepted request body in bytes (default BODY_LIMITS.smallJsonBytes) */
  readonly maxBodyBytes?: number;
  /** `json` (default) or `multipart` or `none` */
  readonly bodyType?: 'json' | 'multipart' | 'none';
  /**
   * stricter throttling group: API Gateway's stage route settings, and in the function a limit per client address
   * (AUTH_LIMITS in shared/constants.ts) that holds wherever WAF is not
   */
  readonly throttle?: 'auth';
  /** `false`: no limit per client address even on an auth route (signing out must always work) */
  readonly clientLimit?: false;
  /** a limit per signed-in user (expensive work: AI, renders, uploads, searches) */
  readonly userLimit?: UserLimit;
  readonly size?: FunctionSize;
  /**
   * Largest allowed minified bundle in KB (checked by test/infra/bundles.test.ts and the bench).
   * Default 300; functions that need the S3 client (~150 KB with its XML and checksum code) get more.
   */
  readonly bundleBudgetKb?: number;
  readonly access: RouteAccess;
  /**
   * A list of what the caller may see (the dashboard's lists; the firm-wide audit log, which names a confidential
   * client only to its team): its session check also reads the caller's listing
   * scope (the list of confidential clients and the user's clients) in the same BatchGetItem, and the CDK
   * construct grants that read (`LISTING_CHECK_KEYS`, read-only) instead of the plain session check's.
   */
  readonly listing?: true;
  /**
   * What the route does to the client (organization) it is about, for the access policy
   * (functions/domain/access/policy.ts). Default: `read` for GET, `edit` otherwise. Which client a route is
   * about is found from its path and input (shared/api/access-scope.ts), never declared per handler.
   */
  readonly clientAction?: 'read' | 'comment' | 'edit' | 'approve' | 'manage_team' | 'request_review' | 'override_final' | 'reopen' | 'delete_client';
  /**
   * Where the route's input names a report or a client beyond what the default rule finds
   * (shared/api/access-scope.ts: the path, and every field named `report_id`, `reportId`, `organization_id`,
   * `organizationId` or `placeholder_id` wherever the route's query or body schema has it). A unit test of the
   * route table fails on an id-shaped field that neither the rule nor this declaration accounts for.
   */
  readonly scope?: RouteScope;
}

/**
 * Fields of a route's query or body (dotted paths, `[]` for a list's items) that name a report or a client the
 * access check must check, and id-shaped fields that name nothing to check, each with the reason.
 */
export interface RouteScope {
  readonly report?: readonly string[];
  readonly organization?: readonly string[];
  readonly unchecked?: Readonly<Record<string, string>>;
}

export type BodyInput<R extends RouteDef> = R['body'] extends Schema ? z.input<R['body']> : undefined;
export type QueryInput<R extends RouteDef> = R['query'] extends Schema ? z.input<R['query']> : undefined;
export type ParamsInput<R extends RouteDef> = R['params'] extends Schema ? z.input<R['params']> : undefined;
export type ResponseOf<R extends RouteDef> = z.output<R['response']>;

/**
 * A route as its area's module writes it. What every route would repeat is left to `routeTable`: the id is the
 * route's key in its table, `auth` is `user` unless the route says `none`, and a GET or DELETE takes no body
 * (`bodyType: 'none'`) unless it says otherwise.
 */
export type RouteSpec = Omit<RouteDef, 'id' | 'auth'> & { readonly auth?: RouteDef['auth'] };

/** A route of a table: its spec with the id of its key and the defaults filled in. */
export type TableRoute<K extends string, S extends RouteSpec> = S &
  { readonly id: K } &
  (S extends { auth: RouteDef['auth'] } ? unknown : { readonly auth: 'user' }) &
  (S extends { bodyType: NonNullable<RouteDef['bodyType']> } ? unknown : S extends { method: 'GET' | 'DELETE' } ? { readonly bodyType: 'none' } : unknown);

/** Identity helper that keeps the literal types of a route definition. */
export function defineRoute<const S extends RouteSpec>(route: S): S {
  return route;
}

/**
 * An area's route table: each route under its id, with the defaults of `RouteSpec` filled in. The SPA's copy of
 * the table (frontend/route-table-plugin.ts) fills in the same.
 */
export function routeTable<const T extends Record<string, RouteSpec>>(table: T): { readonly [K in keyof T & string]: TableRoute<K, T[K]> } {
  const routes: Record<string, RouteDef> = {};
  for (const [id, spec] of Object.entries(table)) {
    const noBody = spec.method === 'GET' || spec.method === 'DELETE';
    routes[id] = { auth: 'user', ...(noBody ? { bodyType: 'none' } : {}), ...spec, id };
  }
  return routes as { readonly [K in keyof T & string]: TableRoute<K, T[K]> };
}

/** `/api/reports/{id}` → `['api','reports','{id}']`; used by the gateway and the client to build paths. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
