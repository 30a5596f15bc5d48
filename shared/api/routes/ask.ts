import { AskBody, AskPlacementBody, AskPlacementResponse, AskResponse } from '@shared/schemas/ask';
import { ReportIdParams } from '@shared/schemas/report-document';
import { defineRoute, type RouteDef } from '../route-types';

/** Ask the evidence (issue 25): a question answered from the report's or its client's evidence, every sentence with a verified quote. */
export const askRoutes = {
  askEvidence: defineRoute({
    id: 'askEvidence',
    method: 'POST',
    path: '/api/reports/{id}/ask',
    // the summary is the function's description (in the infra snapshots): scope `client` asks the client's library
    handler: 'ask/ask-evidence',
    auth: 'user',
    summary: 'Answer a question from the report\'s evidence: sentences that each cite a quote found verbatim in it, or "not in the evidence"; recorded in provenance',
    params: ReportIdParams,
    body: AskBody,
    response: AskResponse,
    size: 'large',
    bundleBudgetKb: 700,
    userLimit: { counter: 'ai', perMinute: 30 },
    // asking reads; it writes only the provenance record
    clientAction: 'read',
    access: { table: 'readwrite', evidenceBucket: ['get'], bedrock: true },
  }),
  recordAskPlacement: defineRoute({
    id: 'recordAskPlacement',
    method: 'POST',
    path: '/api/reports/{id}/ask/placements',
    handler: 'ask/record-placement',
    auth: 'user',
    summary: 'Record in provenance that an answer was added to a section (or a wizard step) with its citations',
    params: ReportIdParams,
    body: AskPlacementBody,
    response: AskPlacementResponse,
    // takes a client-scope answer's cited library items into the report (the evidence repository): 292 KB
    bundleBudgetKb: 320,
    access: { table: 'readwrite' },
  }),
} as const satisfies Record<string, RouteDef>;
