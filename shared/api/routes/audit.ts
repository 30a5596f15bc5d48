import { AuditList, AuditQuery } from '@shared/schemas/audit';
import { IdParams } from '@shared/schemas/organizations';
import { defineRoute, type RouteDef } from '../route-types';

/** The audit log: who deleted or changed the status of which report or organization, and when. */
export const auditRoutes = {
  listReportAudit: defineRoute({
    id: 'listReportAudit',
    method: 'GET',
    path: '/api/reports/{id}/audit',
    handler: 'audit/list-report-audit',
    auth: 'user',
    summary: 'A report\'s audit log (status changes and edits), newest first',
    bodyType: 'none',
    params: IdParams,
    query: AuditQuery,
    response: AuditList,
    access: { table: 'read' },
  }),
  listOrganizationAudit: defineRoute({
    id: 'listOrganizationAudit',
    method: 'GET',
    path: '/api/organizations/{id}/audit',
    handler: 'audit/list-organization-audit',
    auth: 'user',
    summary: 'An organization\'s audit log (its edits, its deletion, and the deletion of its reports), newest first; kept after it is deleted',
    bodyType: 'none',
    params: IdParams,
    query: AuditQuery,
    response: AuditList,
    access: { table: 'read' },
  }),
} as const satisfies Record<string, RouteDef>;
