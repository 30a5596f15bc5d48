import { auditRoutes } from '@shared/api/routes/audit';
import { organizationAudit } from '../../domain/audit/audit';
import { api } from '../api';

export const handler = api(auditRoutes.listOrganizationAudit).handler(async ({ input }) => organizationAudit(input.params.id, input.query));
