import { adminRoutes } from '@shared/api/routes/admin';
import { firmAuditLog } from '../../domain/audit/audit-log';
import { listingApi, listingScope } from '../listing-api';

// the reader's listing scope (which confidential clients they are not on) comes with the session check
export const handler = listingApi(adminRoutes.listAuditLog).handler(async (event) => firmAuditLog(event.user.username, event.input.query, listingScope(event)));
