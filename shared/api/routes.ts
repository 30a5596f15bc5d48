/**
 * THE route table. Data only: every endpoint of the API, read by
 * 1. the CDK API stack (a function, a route and the declared grants per entry),
 * 2. the local gateway (maps requests to handlers, builds API Gateway v2 events, checks JWTs),
 * 3. the SPA's typed API client,
 * 4. the tests (route parity with the synthesized template).
 * Entries live in one module per area (routes/*.ts); a handler imports only its own area, so its
 * bundle carries only that area's schemas.
 */
import type { RouteDef } from './route-types';
import { adminRoutes } from './routes/admin';
import { aiRoutes } from './routes/ai';
import { auditRoutes } from './routes/audit';
import { authRoutes } from './routes/auth';
import { brandRoutes } from './routes/brand';
import { commentRoutes } from './routes/comments';
import { evidenceRoutes } from './routes/evidence';
import { libraryRoutes } from './routes/library';
import { exportRoutes } from './routes/exports';
import { notificationRoutes } from './routes/notifications';
import { organizationRoutes } from './routes/organizations';
import { reportRoutes } from './routes/reports';
import { sectionRoutes } from './routes/sections';
import { systemRoutes } from './routes/system';
import { teamRoutes } from './routes/teams';
import { templateRoutes } from './routes/templates';
import { visualRoutes } from './routes/visuals';
import { wizardRoutes } from './routes/wizard';
import { reviewRoutes } from './routes/reviews';
import { activityRoutes } from './routes/activity';
import { askRoutes } from './routes/ask';
import { conflictRoutes } from './routes/conflicts';
import { ledgerRoutes } from './routes/ledger';

export const routes = {
  ...systemRoutes,
  ...authRoutes,
  ...organizationRoutes,
  ...reportRoutes,
  ...evidenceRoutes,
  ...libraryRoutes,
  ...wizardRoutes,
  ...sectionRoutes,
  ...aiRoutes,
  ...visualRoutes,
  ...auditRoutes,
  ...exportRoutes,
  ...brandRoutes,
  ...adminRoutes,
  ...teamRoutes,
  ...templateRoutes,
  ...reviewRoutes,
  ...activityRoutes,
  ...commentRoutes,
  ...notificationRoutes,
  ...askRoutes,
  ...conflictRoutes,
  ...ledgerRoutes,
} as const satisfies Record<string, RouteDef>;

export const routeList: readonly RouteDef[] = Object.values(routes);
