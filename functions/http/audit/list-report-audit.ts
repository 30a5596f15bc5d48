import { auditRoutes } from '@shared/api/routes/audit';
import { reportAudit } from '../../domain/audit/audit';
import { api } from '../api';

export const handler = api(auditRoutes.listReportAudit).handler(async ({ input }) => reportAudit(input.params.id, input.query));
