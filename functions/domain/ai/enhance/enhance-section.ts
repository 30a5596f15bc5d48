/**
 * POST …/sections/{key}/enhance: AI Enhance of a section's text (a selection or all of it). The proposal
 * is answered, not saved: the editor shows it as a diff to accept or reject. Citations the proposal adds are
 * verified passages (../drafting/epilogue.ts); marks of the original it dropped are named, so the editor can flag them. A
 * model's tokens are recorded in the provenance record and count against the report's AI token budget.
 */
import { citationKeysIn } from '@shared/domain/report/citations';
import type { EnhanceBody, EnhanceResponse, SectionKey } from '@shared/schemas/report-document';
import { listEvidence } from '../../../data/evidence-repo';
import type { ReportInContext } from '../../../lib/middleware/types';
import { citationIdFor } from '../port/draft-contract';
import type { EnhancePassage } from '../port/enhance-contract';
import { AiEpilogue } from '../drafting/epilogue';
import { getEnhancer } from '../providers/views';
import { assertTokenBudget } from '../drafting/token-budget';

const MAX_PASSAGES = 60;

export async function enhanceSectionText({ report }: ReportInContext, key: SectionKey, body: EnhanceBody, user: string): Promise<EnhanceResponse> {
  const reportId = report.id;
  const wantsEvidence = body.instruction === 'expand' || body.instruction === 'custom';
  const records = wantsEvidence ? (await listEvidence(reportId)).filter((r) => r.status === 'analyzed') : [];
  const passages: EnhancePassage[] = records
    .flatMap((r) => r.aiInsights.map((i) => ({ ref: { evidence_id: r.id, start: i.start, end: i.end }, quote: i.text, title: r.title, score: i.score * r.relevanceScore })))
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_PASSAGES)
    .map(({ ref, quote, title }) => ({ ref, quote, title }));
  const provider = getEnhancer();
  // an enhancement spends the report's AI tokens as a draft does: refused (429) once they are spent
  await assertTokenBudget(reportId);
  const result = await provider.enhance({ text: body.text, instruction: body.instruction, custom: body.custom, passages }, citationIdFor);
  // what the proposal cites anew must be a real passage of the stored text; a mark that is not loses its mark
  const epilogue = new AiEpilogue(reportId);
  const verified = (await epilogue.verify(result.output.added.map((a) => a.ref))).map((c) => ({ ...c, source_title: records.find((r) => r.id === c.evidence_id)?.title }));
  const kept = new Set(verified.map((c) => c.id));
  const proposed = epilogue.dropMarks(
    result.output.text,
    result.output.added.map((a) => a.mark),
    kept,
  );
  const after = new Set(citationKeysIn(proposed));
  const record = await epilogue.record(provider.name, result, {
    kind: `enhance:${key}`,
    evidenceIds: verified.map((c) => c.evidence_id),
    user,
    produced: proposed.length,
  });
  return {
    success: true,
    proposed,
    citations_added: verified.map(({ source_title, ...c }) => ({ ...c, ...(source_title ? { source_title } : {}) })),
    citations_dropped: citationKeysIn(body.text).filter((id) => !after.has(id)),
    provider: provider.name,
    provenance_id: record.id,
  };
}
