import { exportRoutes } from '@shared/api/routes/exports';
import { createExport } from '../../domain/exports/exports';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';
import { respond } from '../../lib/middleware/types';

export const handler = api(exportRoutes.createExport).handler(async ({ input, user, context }) => {
  const created = await createExport(reportInContext(context, input.params.id), input.body, user.username);
  return respond(created, { statusCode: 202, headers: { location: `/api/reports/${input.params.id}/exports/${created.export_id}` } });
});
