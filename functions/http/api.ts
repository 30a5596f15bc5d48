/**
 * The middleware chain every handler uses: functions/lib/middleware/http-api.ts with the auth domain's session
 * check plugged into its port (lib is plumbing and never reaches the data layer; this layer wires them).
 */
import type middy from '@middy/core';
import type { RouteDef } from '@shared/api/route-types';
import { assertSessionLive } from '../domain/auth/session-check';
import { api as chain } from '../lib/middleware/http-api';

export const api = <R extends RouteDef>(route: R, opts: { bodyParser?: middy.MiddlewareObj } = {}) => chain(route, { ...opts, sessionCheck: assertSessionLive });
