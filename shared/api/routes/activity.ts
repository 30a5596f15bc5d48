import { ActivityPage, ActivityQuery } from '@shared/schemas/activity';
import { ReportIdParams } from '@shared/schemas/report-document';
import { defineRoute, routeTable } from '../route-types';

/** A report's activity feed, built from the audit entries kept under the report. */
export const activityRoutes = routeTable({
  getReportActivity: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/activity',
    handler: 'activity/get-report-activity',
    summary: "A report's activity (drafts, edits, comments, reviews, status changes, exports), newest first, a page at a time, with who did each",
    params: ReportIdParams,
    query: ActivityQuery,
    response: ActivityPage,
    access: { table: 'read' },
  }),
});
