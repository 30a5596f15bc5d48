import * as z from 'zod/mini';
import type { RouteDef } from './route-types';
import { ErrorBody } from '../schemas/common';

const toSchema = (schema: z.core.$ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

/** A JSON body, or a multipart form: its fields (the route's body schema) and the file. */
function requestContent(route: RouteDef & { body: z.core.$ZodType }) {
  const schema = toSchema(route.body, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  if (route.bodyType !== 'multipart') return { 'application/json': { schema } };
  const form = { ...schema, properties: { ...schema.properties, file: { type: 'string', format: 'binary' } }, required: [...(schema.required ?? []), 'file'] };
  return { 'multipart/form-data': { schema: form } };
}

/** An OpenAPI 3.1 document generated from the route table (zod's own JSON Schema output). */
export function buildOpenApi(routes: readonly RouteDef[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const parameters: unknown[] = [];
    for (const [where, schema] of [['path', route.params], ['query', route.query]] as const) {
      if (!schema) continue;
      const json = toSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, prop] of Object.entries(json.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: prop });
      }
    }
    const op: Record<string, unknown> = {
      operationId: route.id,
      summary: route.summary,
      ...(parameters.length ? { parameters } : {}),
      ...(route.body ? { requestBody: { required: true, content: requestContent(route as RouteDef & { body: z.core.$ZodType }) } } : {}),
      responses: {
        '200': { description: 'OK', content: { 'application/json': { schema: toSchema(route.response, 'output') } } },
        default: { description: 'Error', content: { 'application/json': { schema: toSchema(ErrorBody, 'output') } } },
      },
      ...(route.auth === 'user' ? { security: [{ bearer: [] }] } : {}),
    };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
}
