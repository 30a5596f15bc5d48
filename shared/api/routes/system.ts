import * as z from 'zod/mini';
import { HealthResponse } from '@shared/schemas/system';
import { defineRoute, routeTable } from '../route-types';

export const systemRoutes = routeTable({
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    handler: 'system/health',
    auth: 'none',
    summary: 'Liveness check',
    response: HealthResponse,
    access: {},
  }),
  openapi: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    handler: 'system/openapi',
    summary: 'The OpenAPI 3.1 document generated from this route table',
    response: z.record(z.string(), z.unknown()),
    // the DynamoDB client for the session check every signed-in route makes, and the whole route table with every
    // area's schemas
    bundleBudgetKb: 430,
    // nothing of its own: the session check's read-only grant comes with every signed-in route
    access: {},
  }),
});
