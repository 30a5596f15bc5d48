/**
 * POST /api/reports/{id}/ask: a question answered from the report's evidence. Retrieval (BM25 over every
 * sentence) picks the passages; the provider (local: extractive; Bedrock: a grounded answer) proposes
 * sentences with quotes; the AI epilogue keeps only those whose quote is verbatim in the evidence and holds
 * every figure and name of its sentence, and records provenance. No sentence kept: "not in the evidence".
 */
import { details } from '@shared/messages';
import type { AskBody, AskResponse } from '@shared/schemas/ask';
import { getOrganization } from '../../data/organizations-repo';
import { getReport } from '../../data/reports-repo';
import { NotFoundError } from '../../lib/errors';
import { AiEpilogue } from '../ai/epilogue';
import { getAsker } from '../ai/providers/views';
import { assertTokenBudget } from '../ai/token-budget';
import { proposeAnswer } from './answer';
import { reportSources } from './sources';

export async function askEvidence(reportId: string, body: AskBody, user: string): Promise<AskResponse> {
  const report = await getReport(reportId);
  if (!report) throw new NotFoundError(details.reportNotFound);
  const organization = report.organization_id ? await getOrganization(report.organization_id) : undefined;
  const ignore = organization?.name ? [organization.name] : [];
  const sources = await reportSources(reportId);
  const provider = getAsker();
  // asking spends the report's AI tokens as a draft does (a model's answer counts against the budget)
  const { proposal, proposed, pointedNowhere } = await proposeAnswer(body.question, sources, provider, ignore, () => assertTokenBudget(reportId));
  const epilogue = new AiEpilogue(reportId);
  const { sentences, left } = await epilogue.groundAnswer(proposed, ignore);
  const droppedBefore = pointedNowhere;
  const titles = new Map(sources.map((s) => [s.id, s.title]));
  const citations = [...new Map(sentences.map((s) => [s.citation.id, { ...s.citation, source_title: titles.get(s.evidence_id) ?? '' }])).values()];
  const record = await epilogue.record({
    kind: 'ask',
    provider: provider.name,
    model: proposal.model,
    prompt: proposal.prompt,
    evidenceIds: citations.map((c) => c.evidence_id),
    user,
    produced: sentences.reduce((n, s) => n + s.text.length, 0),
    droppedBefore,
    ...(proposal.usage ? { usage: proposal.usage } : {}),
    flagged: left.map((l) => ({ step: 'ask', text: l.text.slice(0, 200), reason: l.reason, missing: l.missing })),
  });
  return {
    question: body.question,
    answered: sentences.length > 0,
    sentences: sentences.map((s) => ({ text: s.text, citation_id: s.citation.id })),
    citations,
    markdown: sentences.map((s) => `${s.text} [@${s.citation.id}]`).join(' '),
    dropped: left.length + droppedBefore,
    provider: provider.name,
    provenance_id: record.id,
  };
}
