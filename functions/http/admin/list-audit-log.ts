import { adminRoutes } from '@shared/api/routes/admin';
import { firmAuditLog } from '../../domain/audit/audit-log';
import { api } from '../api';

export const handler = api(adminRoutes.listAuditLog).handler(async ({ input, user }) => firmAuditLog(user.username, input.query));
