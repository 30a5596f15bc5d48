import * as z from 'zod/mini';
import { HealthResponse } from '@shared/schemas/system';
import { defineRoute, type RouteDef } from '../route-types';

export const systemRoutes = {
  health: defineRoute({
    id: 'health',
    method: 'GET',
    path: '/api/health',
    handler: 'system/health',
    auth: 'none',
    summary: 'Liveness check',
    bodyType: 'none',
    response: HealthResponse,
    access: {},
  }),
  openapi: defineRoute({
    id: 'openapi',
    method: 'GET',
    path: '/api/openapi.json',
    handler: 'system/openapi',
    auth: 'user',
    summary: 'The OpenAPI 3.1 document generated from this route table',
    bodyType: 'none',
    response: z.record(z.string(), z.unknown()),
    // the DynamoDB client for the session check every signed-in route makes, and the whole route table (417 KB once
    // the comments, notifications, reviews, activity, templates and drafting-job routes joined it)
    bundleBudgetKb: 430,
    // nothing of its own: the session check's read-only grant comes with every signed-in route
    access: {},
  }),
} as const satisfies Record<string, RouteDef>;
