import { LedgerResponse, WaiverBody, WaiverParams, WaiverResponse } from '@shared/schemas/ledger';
import { ReportIdParams } from '@shared/schemas/report-document';
import { defineRoute, routeTable } from '../route-types';

/**
 * The claim ledger: every figure of the report with its support, read in one request by whoever reads the report;
 * a lead's waiver of a figure for Final's gate.
 */
export const ledgerRoutes = routeTable({
  getLedger: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/ledger',
    handler: 'ledger/get-ledger',
    summary: 'Every figure of the report with its support (cited, derived, data, unsupported), the figures that disagree, the waivers and the counts that gate Final',
    params: ReportIdParams,
    response: LedgerResponse,
    // a ledger never built is built on its first read (every section read, the findings step for the scores)
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['get'], prefixes: ['sections', 'progress', 'evidence'] }] },
    bundleBudgetKb: 540,
  }),
  waiveFigure: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/ledger/waivers',
    handler: 'ledger/waive-figure',
    summary: "A lead's waiver of one unsupported or disagreeing figure, with a reason (audited): Final's gate lets it through",
    params: WaiverParams,
    body: WaiverBody,
    response: WaiverResponse,
    clientAction: 'override_final',
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['get'], prefixes: ['sections', 'progress', 'evidence'] }] },
    bundleBudgetKb: 540,
  }),
});
