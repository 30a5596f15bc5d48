import { buildOpenApi } from '@shared/api/openapi';
import { routeList } from '@shared/api/routes';
import { systemRoutes } from '@shared/api/routes/system';
import { api } from '../api';

let document: Record<string, unknown> | undefined;

export const handler = api(systemRoutes.openapi).handler(async () => {
  document ??= buildOpenApi(routeList, { title: 'Assay API', version: '1' });
  return document;
});
