import { adminRoutes } from '@shared/api/routes/admin';
import { firmAuditCsv } from '../../domain/audit/audit-log';
import { rawBody, respond } from '../../lib/middleware/types';
import { api } from '../api';

export const handler = api(adminRoutes.exportAuditLog).handler(async ({ input, user }) => {
  const { csv, rows, truncated } = await firmAuditCsv(user.username, input.query);
  return respond(rawBody(csv, 'text/csv; charset=utf-8'), {
    headers: {
      'content-disposition': `attachment; filename="assay-audit-${new Date().toISOString().slice(0, 10)}.csv"`,
      'x-assay-rows': String(rows),
      ...(truncated ? { 'x-assay-truncated': 'true' } : {}),
    },
  });
});
