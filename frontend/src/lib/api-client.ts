/**
 * The typed API client: every call is a route-table entry, so paths, payloads and answers are
 * typed from the same zod schemas the functions validate with.
 */
import { fillPath, type BodyInput, type ParamsInput, type QueryInput, type ResponseOf, type RouteDef } from '@shared/api/route-types';
import { authRoutes } from '@shared/api/routes/auth';
import { ApiError } from './api-error';
import { emitSessionChange } from './session-events';
import { readToken, writeToken } from './session-store';

export { ApiError } from './api-error';

export type CallOptions<R extends RouteDef> = {
  params?: ParamsInput<R>;
  query?: QueryInput<R>;
  body?: BodyInput<R>;
  signal?: AbortSignal;
  /** let the request outlive the page (a save sent while the page unloads); the browser caps such bodies at 64 KB */
  keepalive?: boolean;
};

let refreshing: Promise<string | null> | null = null;

/**
 * Exchanges the HttpOnly refresh cookie for a new access token; one request at a time. Answers the token, or
 * null when the server refused the cookie (401/403: the session is over). A refresh that got no answer (offline,
 * a request the browser cut off because the page is reloading or leaving, a 429 or a server error) proves nothing
 * about the session: it throws (an ApiError, status 0 without an answer) and the stored session stays. Treating
 * it as a refusal would sign the user out whenever a page is reloaded while a refresh is under way.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      let res: Response;
      try {
        res = await fetch(authRoutes.refresh.path, { method: 'POST', credentials: 'same-origin' });
      } catch {
        throw new ApiError(0, undefined);
      }
      if (res.status === 401 || res.status === 403) return null;
      if (!res.ok) throw await errorFrom(res);
      // the schema (and zod) load only here: a refresh is rare, and no page's start-up pays for building them
      const { parseSession } = await import('./parse-session');
      const session = parseSession(await res.json());
      writeToken(session.token);
      emitSessionChange('refreshed', session.token);
      return session.token;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

async function errorFrom(res: Response): Promise<ApiError> {
  let detail: string | undefined;
  try {
    const body = (await res.json()) as { detail?: unknown; message?: unknown };
    detail = typeof body.detail === 'string' ? body.detail : typeof body.message === 'string' ? body.message : undefined;
  } catch {
    // not JSON
  }
  return new ApiError(res.status, detail);
}

function buildUrl(route: RouteDef, params?: object, query?: object): string {
  const path = fillPath(route.path, (params ?? {}) as Record<string, string>);
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Sends the call with the access token (refreshed once on a 401); the answer when it is 2xx, else an ApiError. */
async function request<R extends RouteDef>(route: R, opts: CallOptions<R>): Promise<Response> {
  const url = buildUrl(route, opts.params as object | undefined, opts.query as object | undefined);
  const send = (token: string | null) =>
    fetch(url, {
      method: route.method,
      credentials: 'same-origin',
      signal: opts.signal,
      ...(opts.keepalive ? { keepalive: true } : {}),
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token && route.auth === 'user' ? { authorization: `Bearer ${token}` } : {}),
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });

  const sent = readToken();
  let res = await send(sent);
  if (res.status === 401 && route.auth === 'user') {
    // another call may have refreshed the token while this one was under way: that token first, not a refresh more
    const stored = readToken();
    if (stored && stored !== sent) res = await send(stored);
  }
  if (res.status === 401 && route.auth === 'user') {
    // a refresh without an answer throws here: the call fails, and the session is not ended for it
    const token = await refreshAccessToken();
    if (token) res = await send(token);
    if (res.status === 401) emitSessionChange('expired');
  }
  if (!res.ok) throw await errorFrom(res);
  return res;
}

export async function callApi<R extends RouteDef>(route: R, opts: CallOptions<R> = {}): Promise<ResponseOf<R>> {
  return (await (await request(route, opts)).json()) as ResponseOf<R>;
}

/** A call whose answer is a file (text/csv…): its body as a Blob, to be saved by the browser. */
export async function callApiFile<R extends RouteDef>(route: R, opts: CallOptions<R> = {}): Promise<Blob> {
  return (await request(route, opts)).blob();
}
