import type middy from '@middy/core';
import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import type { RouteDef } from '@shared/api/route-types';
import { BODY_LIMITS } from '@shared/constants';

/**
 * multipart/form-data bodies (@middy/http-multipart-body-parser, busboy). busboy stops reading a file
 * at the route's limit and marks it truncated, so the handler can refuse it with a 413.
 */
export function multipartBody(route: RouteDef): middy.MiddlewareObj {
  const limit = route.maxBodyBytes ?? BODY_LIMITS.smallJsonBytes;
  return httpMultipartBodyParser({ busboy: { limits: { fileSize: limit, files: 1, fields: 20, fieldSize: 64 * 1024 } } }) as middy.MiddlewareObj;
}
