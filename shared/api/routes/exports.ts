import {
  CreateExportBody,
  CreateExportResponse,
  ExportList,
  ExportListQuery,
  ExportParams,
  ExportStatusResponse,
} from '@shared/schemas/exports';
import { ReportIdParams } from '@shared/schemas/report-document';
import { defineRoute, routeTable, S3_BUNDLE_KB } from '../route-types';

/**
 * Exports (spec section 2 "Export page", section 9 "Export formats"): POST starts a job and answers 202 at
 * once; the exportReport worker (shared/api/workers.ts) builds the file; GET reads its progress and, when it
 * is done, a presigned link that downloads it.
 */
export const exportRoutes = routeTable({
  createExport: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/exports',
    handler: 'exports/create-export',
    summary: 'Start an export of the selected sections as docx, pdf, pptx or all (a zip); 202 with the export id, the work runs in the background',
    params: ReportIdParams,
    body: CreateExportBody,
    response: CreateExportResponse,
    bundleBudgetKb: 425, // the Lambda client, to start the worker; the atomic export slots, the session check and the listing scope read in one batch
    access: { table: 'readwrite', tableKeys: ['app', 'exportRateLimit'], invoke: ['exportReport'] },
  }),
  getExport: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/exports/{export_id}',
    handler: 'exports/get-export',
    summary: 'An export\'s status and progress; once done, a presigned link (5 minutes) that downloads the file under a safe name',
    params: ExportParams,
    response: ExportStatusResponse,
    bundleBudgetKb: S3_BUNDLE_KB, // with the presigner
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['exports'] }] },
  }),
  listExports: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/exports',
    handler: 'exports/list-exports',
    summary: 'The report\'s earlier exports, newest first (format, sections, who, when, size)',
    params: ReportIdParams,
    query: ExportListQuery,
    response: ExportList,
    // the DynamoDB client and the table helpers, the session check's reads and the security log, the access check, and
    // the review gate a Final export reads
    bundleBudgetKb: 335,
    access: { table: 'read' },
  }),
});
