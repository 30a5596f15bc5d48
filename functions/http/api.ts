/**
 * The middleware chain every handler uses: functions/lib/middleware/http-api.ts with the auth domain's session
 * check plugged into its port (lib is plumbing and never reaches the data layer; this layer wires them), and the
 * limits the route table declares: per client address on the auth routes, per user on the expensive ones.
 * After the session check, the access check of issue 23: every report and client the request names
 * (shared/api/access-scope.ts) is checked with the one policy (functions/domain/access) before the handler runs.
 */
import type middy from '@middy/core';
import { requestScopes, routeAction } from '@shared/api/access-scope';
import type { RouteDef } from '@shared/api/route-types';
import { authorizeRequest, checkSessionWithListingScope, type ListingScope } from '../domain/access/access';
import { assertSessionLive } from '../domain/auth/session-check';
import { assertClientWithinLimit, assertUserWithinLimit } from '../domain/limits/limits';
import { clientAddress } from '../lib/client-address';
import { api as chain } from '../lib/middleware/http-api';
import type { ApiEvent } from '../lib/middleware/types';

type Before = { before: (request: { event: ApiEvent }) => Promise<void> };

/** The listing scope a `listing` route's session check read. */
export function listingScope(event: { checked?: unknown }): ListingScope {
  const scope = event.checked as ListingScope | undefined;
  if (!scope || !Array.isArray(scope.hidden) || !Array.isArray(scope.own)) throw new Error('no listing scope: the route is not marked `listing` in the route table');
  return scope;
}

/** The caller may do this route's action on every report and client the request names (an outsider of a confidential client gets the route's not-found answer). */
function accessCheck(route: RouteDef): Before {
  return {
    before: async ({ event }) => {
      if (route.auth !== 'user' || !event.user) return;
      const refs = requestScopes(route, event.input);
      if (refs.length) await authorizeRequest(event.user.username, refs, routeAction(route));
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

/**
 * A `listing` route (the route table says so) is a list of what the caller may see: its session check reads the
 * caller's listing scope with the session's items, in one request; the handler takes it with `listingScope`.
 */
export const api = <R extends RouteDef>(route: R, opts: { bodyParser?: middy.MiddlewareObj } = {}) => {
  const handler = chain(route, { bodyParser: opts.bodyParser, sessionCheck: route.listing ? checkSessionWithListingScope : assertSessionLive });
  handler.use(accessCheck(route));
  for (const m of limits(route)) handler.use(m);
  return handler;
};
