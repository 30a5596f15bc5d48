import { auditRoutes } from '@shared/api/routes/audit';
import { reportAudit } from '../../domain/audit/audit';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(auditRoutes.listReportAudit).handler(async ({ input, context }) => reportAudit(reportInContext(context, input.params.id), input.query));
