import { AuditList, AuditQuery } from '@shared/schemas/audit';
import { IdParams } from '@shared/schemas/organizations';
import { defineRoute, routeTable } from '../route-types';

/** The audit log: who deleted or changed the status of which report or organization, and when. */
export const auditRoutes = routeTable({
  listReportAudit: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/audit',
    handler: 'audit/list-report-audit',
    summary: 'A report\'s audit log (status changes and edits), newest first',
    params: IdParams,
    query: AuditQuery,
    response: AuditList,
    access: { table: 'read' },
  }),
  listOrganizationAudit: defineRoute({
    method: 'GET',
    path: '/api/organizations/{id}/audit',
    handler: 'audit/list-organization-audit',
    summary: 'An organization\'s audit log (its edits, its deletion, and the deletion of its reports), newest first; kept after it is deleted',
    params: IdParams,
    query: AuditQuery,
    response: AuditList,
    access: { table: 'read' },
  }),
});
