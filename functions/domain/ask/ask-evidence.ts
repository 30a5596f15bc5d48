/**
 * POST /api/reports/{id}/ask: a question answered from the report's evidence, or (scope `client`) from every
 * item of its client's library. Retrieval (BM25 over every sentence, the index cached per scope while its
 * evidence stays the same: ../ai/retrieval/question-index-cache.ts) picks the passages; the provider (local: extractive; Bedrock: a
 * grounded answer) proposes sentences with quotes; the AI epilogue keeps only those whose quote is verbatim in
 * the evidence and holds every figure and name of its sentence, and records provenance. No sentence kept:
 * "not in the evidence". A client-scope answer says which cited items the report does not use yet: adding it
 * to a section takes them in (./placement.ts).
 */
import { organizationsDetails } from '@shared/messages/organizations';
import type { AskBody, AskResponse } from '@shared/schemas/ask';
import { libraryTitles, referencesOf } from '../../data/evidence-repo';
import { NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { AiEpilogue, assertTokenBudget, cachedIndex, getAsker, proposeFromPassages } from '../ai';
import { scopeSet } from './sources';

/** The report and its client come from the request's context. */
export async function askEvidence({ report, client }: ReportInContext, body: AskBody, user: string): Promise<AskResponse> {
  const reportId = report.id;
  const scope = body.scope ?? 'report';
  const organization = client.organization;
  if (scope === 'client' && !organization) throw new NotFoundError(organizationsDetails.organizationNotFound);
  const ignore = organization?.name ? [organization.name] : [];
  const set = await scopeSet(scope, reportId, report.organization_id);
  const { index } = await cachedIndex(set.key, set.version, () => set.load());
  const found = index.search(body.question);
  // titles may have changed since the index was built: the passages' are read afresh
  const titles = await libraryTitles([...new Set(found.map((p) => p.evidence_id))].flatMap((id) => set.itemOf(id) ?? []));
  const passages = found.map((p) => ({ ...p, title: titles.get(p.evidence_id) ?? p.title }));
  const provider = getAsker();
  // asking spends the report's AI tokens as a draft does (a model's answer counts against the budget)
  const { proposal, proposed, pointedNowhere } = await proposeFromPassages(body.question, passages, provider, ignore, () => assertTokenBudget(reportId));
  const epilogue = new AiEpilogue(reportId, scope === 'client' ? report.organization_id : undefined);
  const { sentences, left } = await epilogue.groundAnswer(proposed, ignore);
  const droppedBefore = pointedNowhere;
  const citations = [...new Map(sentences.map((s) => [s.citation.id, { ...s.citation, source_title: titles.get(s.evidence_id) ?? passages.find((p) => p.evidence_id === s.evidence_id)?.title ?? '' }])).values()];
  const record = await epilogue.record(provider.name, proposal, {
    kind: 'ask',
    evidenceIds: citations.map((c) => c.evidence_id),
    user,
    produced: sentences.reduce((n, s) => n + s.text.length, 0),
    droppedBefore,
    scope,
    flagged: left.map((l) => ({ step: 'ask', text: l.text.slice(0, 200), reason: l.reason, missing: l.missing })),
  });
  const inReport = scope === 'report' ? undefined : new Set((await referencesOf(reportId)).map((r) => r.id));
  return {
    question: body.question,
    answered: sentences.length > 0,
    sentences: sentences.map((s) => ({ text: s.text, citation_id: s.citation.id })),
    citations,
    markdown: sentences.map((s) => `${s.text} [@${s.citation.id}]`).join(' '),
    dropped: left.length + droppedBefore,
    provider: provider.name,
    provenance_id: record.id,
    scope,
    not_in_report: inReport ? [...new Set(citations.map((c) => c.evidence_id).filter((id) => !inReport.has(id)))] : [],
  };
}
