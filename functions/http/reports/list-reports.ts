import { reportRoutes } from '@shared/api/routes/reports';
import { listReports } from '../../domain/reports/reports';
import { listingApi, listingScope } from '../listing-api';

export const handler = listingApi(reportRoutes.listReports).handler(async (event) =>
  listReports(event.user.username, event.input.query.limit, event.input.query.cursor, event.input.query.status, listingScope(event)),
);
