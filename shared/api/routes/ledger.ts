import { LedgerQuery, LedgerResponse, WaiverBody, WaiverParams, WaiverResponse } from '@shared/schemas/ledger';
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
    summary: 'The figures of the report with their support (cited, derived, data, unsupported), a page at a time, blocking ones first; the figures that disagree, the waivers and the counts that gate Final',
    params: ReportIdParams,
    query: LedgerQuery,
    response: LedgerResponse,
    // a section without an up-to-date part has it computed on the read (the section read, the findings step for the scores)
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['get'], prefixes: ['sections', 'progress', 'evidence'] }] },
    bundleBudgetKb: 560, // the analyst's reader comes with it, and grows with its rules
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
    bundleBudgetKb: 560, // as getLedger: the analyst's reader
  }),
});
