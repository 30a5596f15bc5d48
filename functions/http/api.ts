/**
 * The middleware chain every handler uses: functions/lib/middleware/http-api.ts with the auth domain's session
 * check plugged into its port (lib is plumbing and never reaches the data layer; this layer wires them), and the
 * limits the route table declares: per client address on the auth routes, per user on the expensive ones.
 */
import type middy from '@middy/core';
import type { RouteDef } from '@shared/api/route-types';
import { assertSessionLive } from '../domain/auth/session-check';
import { assertClientWithinLimit, assertUserWithinLimit } from '../domain/limits/limits';
import { clientAddress } from '../lib/client-address';
import { api as chain } from '../lib/middleware/http-api';
import type { ApiEvent } from '../lib/middleware/types';

type Before = { before: (request: { event: ApiEvent }) => Promise<void> };

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

export const api = <R extends RouteDef>(route: R, opts: { bodyParser?: middy.MiddlewareObj } = {}) => {
  const handler = chain(route, { ...opts, sessionCheck: assertSessionLive });
  for (const m of limits(route)) handler.use(m);
  return handler;
};
