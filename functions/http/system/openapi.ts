import { buildOpenApi } from '@shared/api/openapi';
import { routeList, routes } from '@shared/api/routes';
import { api } from '../../lib/middleware/http-api';

let document: Record<string, unknown> | undefined;

export const handler = api(routes.openapi).handler(async () => {
  document ??= buildOpenApi(routeList, { title: 'Assay API', version: '1' });
  return document;
});
