import { adminRoutes } from '@shared/api/routes/admin';
import { firmAuditCsv } from '../../domain/audit/audit-log';
import { rawBody, respond } from '../../lib/middleware/types';
import { listingApi, listingScope } from '../listing-api';

// the reader's listing scope (which confidential clients they are not on) comes with the session check
export const handler = listingApi(adminRoutes.exportAuditLog).handler(async (event) => {
  const { csv, rows, truncated } = await firmAuditCsv(event.user.username, event.input.query, listingScope(event));
  return respond(rawBody(csv, 'text/csv; charset=utf-8'), {
    headers: {
      'content-disposition': `attachment; filename="assay-audit-${new Date().toISOString().slice(0, 10)}.csv"`,
      'x-assay-rows': String(rows),
      ...(truncated ? { 'x-assay-truncated': 'true' } : {}),
    },
  });
});
