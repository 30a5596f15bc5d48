import { ActivityPage, ActivityQuery } from '@shared/schemas/activity';
import { ReportIdParams } from '@shared/schemas/report-document';
import { defineRoute, type RouteDef } from '../route-types';

/** A report's activity feed (issue 23), built from the audit entries kept under the report. */
export const activityRoutes = {
  getReportActivity: defineRoute({
    id: 'getReportActivity',
    method: 'GET',
    path: '/api/reports/{id}/activity',
    handler: 'activity/get-report-activity',
    auth: 'user',
    summary: "A report's activity (drafts, edits, comments, reviews, status changes, exports), newest first, a page at a time, with who did each",
    bodyType: 'none',
    params: ReportIdParams,
    query: ActivityQuery,
    response: ActivityPage,
    access: { table: 'read' },
  }),
} as const satisfies Record<string, RouteDef>;
