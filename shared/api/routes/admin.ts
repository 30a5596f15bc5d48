import { MessageResponse } from '@shared/schemas/auth';
import { AdminUserList, AdminUserQuery, UsernameParams } from '@shared/schemas/admin';
import { AuditCsv, AuditList, AuditLogCsvQuery, AuditLogQuery } from '@shared/schemas/audit';
import { defineRoute, routeTable } from '../route-types';

/** The administrators' routes (named at deploy by email, ADMIN_EMAILS): accounts and the audit log; anyone else gets 403. */
export const adminRoutes = routeTable({
  listUsers: defineRoute({
    method: 'GET',
    path: '/api/admin/users',
    handler: 'admin/list-users',
    summary: 'Every account with its status, by username, a page at a time (administrators only)',
    query: AdminUserQuery,
    response: AdminUserList,
    // the caller's own profile (is it an administrator?) is read with the session check's read-only grant
    access: { table: 'read', tableKeys: ['userList'] },
  }),
  deactivateUser: defineRoute({
    method: 'POST',
    path: '/api/admin/users/{username}/deactivate',
    handler: 'admin/deactivate-user',
    summary: 'Deactivate an account: Cognito disables it, its sessions end at once (administrators only, never oneself)',
    bodyType: 'none',
    params: UsernameParams,
    response: MessageResponse,
    // the Cognito and DynamoDB clients
    bundleBudgetKb: 360,
    // the profile and its audit entry, the session marks; the pending codes may only be deleted
    access: { table: 'readwrite', tableKeys: ['profiles', 'sessions'], tableDeleteKeys: ['resetCodes', 'verifyCodes'], userPool: ['AdminDisableUser', 'AdminUserGlobalSignOut'] },
  }),
  listAuditLog: defineRoute({
    method: 'GET',
    path: '/api/admin/audit',
    handler: 'admin/list-audit-log',
    summary: 'The firm-wide audit log, newest first, filtered by time (from, to), user and action, a page at a time (administrators only)',
    query: AuditLogQuery,
    response: AuditList,
    // what it names depends on the reader: a confidential client they are not on is named as such, nothing more
    listing: true,
    // the ByKind index's AUDIT partition; the caller's own profile (is it an administrator?) with the session check's grant
    access: { table: 'read', tableKeys: ['auditLog'] },
  }),
  exportAuditLog: defineRoute({
    method: 'GET',
    path: '/api/admin/audit/csv',
    handler: 'admin/export-audit-log',
    summary: 'The firm-wide audit log as CSV (text/csv, at most 10,000 rows, newest first), with the same filters (administrators only)',
    query: AuditLogCsvQuery,
    response: AuditCsv,
    listing: true,
    access: { table: 'read', tableKeys: ['auditLog'] },
  }),
});
