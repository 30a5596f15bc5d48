import {
  DraftBody,
  DraftJobResponse,
  DraftJobStarted,
  EnhanceBody,
  EnhanceResponse,
  ProvenanceList,
  ProvenanceQuery,
  ReportIdParams,
  SectionParams,
} from '@shared/schemas/report-document';
import { DraftParams, GenerateContextBody, GenerateContextResponse } from '@shared/schemas/wizard';
import { defineRoute, routeTable, USER_LIMITS } from '../route-types';

/** AI: drafting a wizard step, enhancing a section, the business context, and the provenance every AI call leaves. */
export const aiRoutes = routeTable({
  listProvenance: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/provenance',
    handler: 'ai/list-provenance',
    summary: 'The report\'s AI provenance records (provider, model, prompt hash, evidence, user, time), newest first',
    params: ReportIdParams,
    query: ProvenanceQuery,
    response: ProvenanceList,
    access: { table: 'read' },
  }),
  draftStep: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/draft',
    handler: 'ai/draft-step',
    summary: 'Start drafting one of steps 5–9 from the evidence: 202 with the step\'s job (the running one, if any); the draftStep worker drafts it with verified citations and keeps it as the pending draft',
    params: ReportIdParams,
    body: DraftBody,
    response: DraftJobStarted,
    // the Lambda client, to start the worker; the budget check reads provenance
    bundleBudgetKb: 440,
    userLimit: USER_LIMITS.ai,
    access: { table: 'readwrite', invoke: ['draftStep'] },
  }),
  getDraftJob: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/drafts/{step}/job',
    handler: 'ai/get-draft-job',
    summary: 'How far the step\'s drafting job is (queued, reading the evidence, drafting, checking citations, ready, or failed with a reason); null when never drafted',
    params: DraftParams,
    response: DraftJobResponse,
    bundleBudgetKb: 320,
    access: { table: 'read' },
  }),
  enhanceSection: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/sections/{key}/enhance',
    handler: 'ai/enhance-section',
    summary: 'AI Enhance: a rewrite of text of a section (tighten, executive tone, expand with evidence, fix grammar, or a free instruction), keeping its citations',
    params: SectionParams,
    body: EnhanceBody,
    maxBodyBytes: 256 * 1024,
    response: EnhanceResponse,
    size: 'large',
    bundleBudgetKb: 700,
    userLimit: USER_LIMITS.ai,
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['get'], prefixes: ['evidence'] }], bedrock: true },
  }),
  generateContext: defineRoute({
    method: 'POST',
    path: '/api/ai/generate-context',
    handler: 'ai/generate-context',
    summary: 'A draft business context from the organization and the report\'s evidence, citing the evidence',
    body: GenerateContextBody,
    response: GenerateContextResponse,
    size: 'large',
    bundleBudgetKb: 660, // the Bedrock provider's drafting comes with it (+60)
    userLimit: USER_LIMITS.ai,
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['evidence', 'pendingEvidence'] }], bedrock: true },
  }),
});
