/**
 * The middleware chain every handler uses: functions/lib/middleware/http-api.ts with the auth domain's session
 * check plugged into its port (lib is plumbing and never reaches the data layer; this layer wires them), and the
 * limits the route table declares: per client address on the auth routes, per user on the expensive ones.
 * After the session check, the access check: every report and client the request names
 * (shared/api/access-scope.ts) is checked with the one policy (functions/domain/access) before the handler runs,
 * and what it read becomes the request's context (`event.context`), which the handler hands to the operation.
 * A `listing` route takes its chain from ./listing-api.ts, so that only those bundles carry the listing scope.
 */
import type middy from '@middy/core';
import { requestScopes, routeAction } from '@shared/api/access-scope';
import type { RouteDef } from '@shared/api/route-types';
import { authorizeRequest } from '../domain/access/access';
import { assertSessionLive } from '../domain/auth/session-check';
import { assertClientWithinLimit, assertUserWithinLimit } from '../domain/limits/limits';
import { clientAddress } from '../lib/client-address';
import { api as chain, type SessionCheck } from '../lib/middleware/http-api';
import type { ApiEvent } from '../lib/middleware/types';

type Before = { before: (request: { event: ApiEvent }) => Promise<void> };

/**
 * The caller may do this route's action on every report and client the request names (an outsider of a
 * confidential client gets the route's not-found answer); what the check read is the request's context.
 */
function accessCheck(route: RouteDef): Before {
  return {
    before: async ({ event }) => {
      if (route.auth !== 'user' || !event.user) return;
      (event as { context?: ApiEvent['context'] }).context = await authorizeRequest(event.user, requestScopes(route, event.input), routeAction(route));
    },
  };
}

/** Limits per person, counted before the handler runs (after validation and the session check). */
function limits(route: RouteDef): Before[] {
  const out: Before[] = [];
  if (route.throttle === 'auth' && route.clientLimit !== false) {
    out.push({ before: async ({ event }) => assertClientWithinLimit(clientAddress(event)) });
  }
  const limit = route.userLimit;
  if (limit) {
    out.push({
      before: async ({ event }) => {
        if (limit.whenQuery && !(event.input.query as Record<string, unknown> | undefined)?.[limit.whenQuery]) return;
        if (event.user) await assertUserWithinLimit(limit, event.user.username);
      },
    });
  }
  return out;
}

/** The chain with a given session check (./listing-api.ts gives a list's; `api` the plain one). */
export function apiWith<R extends RouteDef>(route: R, sessionCheck: SessionCheck, opts: { bodyParser?: middy.MiddlewareObj } = {}) {
  const handler = chain(route, { bodyParser: opts.bodyParser, sessionCheck });
  handler.use(accessCheck(route));
  for (const m of limits(route)) handler.use(m);
  return handler;
}

/** The chain of every route but the `listing` ones, which are refused here (when their module loads). */
export const api = <R extends RouteDef>(route: R, opts: { bodyParser?: middy.MiddlewareObj } = {}) => {
  if (route.listing) throw new Error(`route ${route.id} is a listing: its handler takes listingApi (functions/http/listing-api.ts)`);
  return apiWith(route, assertSessionLive, opts);
};
