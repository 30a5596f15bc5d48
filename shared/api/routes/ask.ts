import { AskBody, AskPlacementBody, AskPlacementResponse, AskResponse } from '@shared/schemas/ask';
import { ReportIdParams } from '@shared/schemas/report-document';
import { defineRoute, routeTable, USER_LIMITS } from '../route-types';

/** Ask the evidence: a question answered from the report's or its client's evidence, every sentence with a verified quote. */
export const askRoutes = routeTable({
  askEvidence: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/ask',
    // the summary is the function's description (in the infra snapshots): scope `client` asks the client's library
    handler: 'ask/ask-evidence',
    summary: 'Answer a question from the report\'s evidence: sentences that each cite a quote found verbatim in it, or "not in the evidence"; recorded in provenance',
    params: ReportIdParams,
    body: AskBody,
    response: AskResponse,
    size: 'large',
    bundleBudgetKb: 700,
    userLimit: USER_LIMITS.ai,
    // asking reads; it writes only the provenance record
    clientAction: 'read',
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['get'], prefixes: ['evidence'] }], bedrock: true },
  }),
  recordAskPlacement: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/ask/placements',
    handler: 'ask/record-placement',
    summary: 'Record in provenance that an answer was added to a section (or a wizard step) with its citations',
    params: ReportIdParams,
    body: AskPlacementBody,
    response: AskPlacementResponse,
    // takes a client-scope answer's cited library items into the report (the evidence repository)
    bundleBudgetKb: 320,
    access: { table: 'readwrite' },
  }),
});
