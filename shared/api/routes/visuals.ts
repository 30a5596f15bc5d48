import {
  ChartSourceResponse,
  CreateVisualBody,
  DeleteVisualQuery,
  DeleteVisualResponse,
  RenderedVisual,
  RenderVisualQuery,
  UpdateVisualBody,
  Visual,
  VISUAL_BODY_BYTES,
  VisualList,
  VisualListParams,
  VisualParams,
} from '@shared/schemas/visuals';
import { defineRoute, routeTable, S3_BUNDLE_KB, USER_LIMITS } from '../route-types';

/**
 * Routes that read the wizard progress or sections, which may sit in S3 when large, carry the S3 client, and the
 * report schemas the charts bind to (with the templates and drafting-job fields): 30 KB over the S3 budget.
 */
const READS_REPORT_BUNDLE_KB = S3_BUNDLE_KB + 30;

/** Visuals (DESIGN.md "Visuals"): charts bound to the report's data, stored under the report. */
export const visualRoutes = routeTable({
  listVisuals: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/visuals',
    handler: 'visuals/list-visuals',
    summary: 'The report\'s visuals, oldest first, each with the sections that embed it',
    params: VisualListParams,
    response: VisualList,
    bundleBudgetKb: READS_REPORT_BUNDLE_KB,
    // the sections that embed each visual; the pages of a workbook's table a chart is bound to
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['sections', 'evidence'] }] },
  }),
  createVisual: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/visuals',
    handler: 'visuals/create-visual',
    summary: 'Create a visual; 400 when its binding names data the report does not have; 409 when the report holds the most visuals it may',
    params: VisualListParams,
    body: CreateVisualBody,
    maxBodyBytes: VISUAL_BODY_BYTES,
    response: Visual,
    bundleBudgetKb: READS_REPORT_BUNDLE_KB,
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['get'], prefixes: ['progress', 'evidence'] }] },
  }),
  getVisual: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/visuals/{visual_id}',
    handler: 'visuals/get-visual',
    summary: 'One visual',
    params: VisualParams,
    response: Visual,
    // a chart bound to a workbook's table reads the pages of its range
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['evidence'] }] },
    // the visual's schema, the report's evidence (the library's references, BatchGet) and the S3 client for the
    // pages of a workbook's table
    bundleBudgetKb: READS_REPORT_BUNDLE_KB,
  }),
  updateVisual: defineRoute({
    method: 'PUT',
    path: '/api/reports/{id}/visuals/{visual_id}',
    handler: 'visuals/update-visual',
    summary: 'Save a visual with the version it was loaded at; 409 when someone saved it since',
    params: VisualParams,
    body: UpdateVisualBody,
    maxBodyBytes: VISUAL_BODY_BYTES,
    response: Visual,
    bundleBudgetKb: READS_REPORT_BUNDLE_KB,
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['get'], prefixes: ['progress', 'evidence'] }] },
  }),
  deleteVisual: defineRoute({
    method: 'DELETE',
    path: '/api/reports/{id}/visuals/{visual_id}',
    handler: 'visuals/delete-visual',
    summary: 'Delete a visual; 409 naming the sections that embed it unless force=true',
    params: VisualParams,
    query: DeleteVisualQuery,
    response: DeleteVisualResponse,
    bundleBudgetKb: READS_REPORT_BUNDLE_KB,
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['get'], prefixes: ['sections'] }] },
  }),
  renderVisual: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/visuals/{visual_id}/render',
    handler: 'visuals/render-visual',
    summary: 'The visual drawn from the report as it is now: image/svg+xml (format=svg, default) or image/png (format=png)',
    params: VisualParams,
    query: RenderVisualQuery,
    response: RenderedVisual,
    size: 'large',
    // ECharts (the charts and components a report uses, SSR) and resvg's loader, besides the S3 client
    bundleBudgetKb: 1200,
    userLimit: USER_LIMITS.render,
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['progress', 'evidence'] }] },
  }),
  getChartSource: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/chart-source',
    handler: 'visuals/get-chart-source',
    summary: 'The report data charts bind to (findings, recommendations, roadmap, brand, evidence without texts), for the builder\'s live preview',
    params: VisualListParams,
    response: ChartSourceResponse,
    bundleBudgetKb: READS_REPORT_BUNDLE_KB,
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['progress'] }] },
  }),
});
