/**
 * The draftStep worker's work (POST /api/reports/{id}/draft starts it, ./draft-jobs.ts): drafts one of steps 5–9 from the report's own evidence and the steps
 * before it. Every citation the drafter proposes is checked against the stored text (./epilogue.ts): its quote
 * is filled in from the text, and what does not verify is dropped and counted; a claim whose quotes do not bind its
 * measure, figures and direction in one clause is left out and listed (./faithfulness.ts). Every call leaves a
 * provenance record. The draft is answered, not saved: the consultant decides what to keep (the wizard saves it).
 */
import * as z from 'zod/mini';
import type { Dimension } from '@shared/schemas/analysis';
import { aiDetails } from '@shared/messages/ai';
import { reportsDetails } from '@shared/messages/reports';
import { citationKeysIn } from '@shared/domain/report/citations';
import { formatZodError } from '@shared/schemas/common';
import {
  type Citation,
  type CitationRef,
  type DraftResponse,
  type DraftStep,
  ExecutiveSummaryData,
  FindingsData,
  RecommendationsData,
  RoadmapData,
  SwotData,
  SWOT_QUADRANTS,
} from '@shared/schemas/report-document';
import { parseWizardData } from '@shared/schemas/wizard';
import { listEvidence } from '../../../data/evidence-repo';
import { getOrganization } from '../../../data/organizations-repo';
import { readProgress } from '../../../data/progress-repo';
import { getReport } from '../../../data/reports-repo';
import { BadRequestError, NotFoundError } from '../../../lib/errors';
import type { EvidenceTexts } from '../../sections';
import { dimensionScoresFrom, type DraftEvidence, type DraftInput, type DraftOutput, type Passage } from '../port/draft-contract';
import { AiEpilogue } from './epilogue';
import { sourceVoices } from '../analyst/titles';
import { loadFaithfulness, sourceWords, withFaithfulClaims } from './faithfulness';
import { withNothingFound } from './nothing-found';
import { InvalidModelOutputError } from '../errors';
import { getAnalysisProvider } from '../providers/draft-provider';
import { draftable } from './readiness';
import { assertTokenBudget } from './token-budget';

/** Evidence items given to a drafter, most relevant first; more adds little and costs time. */
const MAX_DRAFT_EVIDENCE = 60;
/** Characters of text around an insight shown to a model. */
const PASSAGE_CONTEXT = 300;
const MAX_PASSAGES = 200;

const STEP_SCHEMAS = {
  findings: FindingsData,
  swot: SwotData,
  recommendations: RecommendationsData,
  roadmap: RoadmapData,
  'executive-summary': ExecutiveSummaryData,
} as const;

/** Converts every `citations` list of drafted items from references to verified citations. */
async function resolveAll(step: DraftStep, output: DraftOutput, epilogue: AiEpilogue): Promise<unknown> {
  const resolve = async (refs: readonly CitationRef[]): Promise<Citation[]> => {
    // the same passage keeps the same id everywhere (and in the summary's [@id] marks)
    const unique = new Map<string, Citation>();
    for (const c of await epilogue.verify(refs)) unique.set(c.id, c);
    return [...unique.values()];
  };
  const withCitations = async <T extends { citations: readonly CitationRef[] }>(items: readonly T[]) =>
    Promise.all(items.map(async (item) => ({ ...item, citations: await resolve(item.citations) })));
  const o = output as Record<string, unknown>;
  switch (step) {
    case 'findings':
      return { ...o, findings: await withCitations(o.findings as { citations: CitationRef[] }[]) };
    case 'swot': {
      const swot: Record<string, unknown> = { ...o };
      for (const q of SWOT_QUADRANTS) swot[q] = await withCitations(o[q] as { citations: CitationRef[] }[]);
      return swot;
    }
    case 'recommendations':
      return { ...o, items: await withCitations(o.items as { citations: CitationRef[] }[]) };
    case 'roadmap':
      return o;
    case 'executive-summary': {
      const key_messages = await withCitations(o.key_messages as { citations: CitationRef[] }[]);
      const citations = await resolve(o.citations as CitationRef[]);
      const text = typeof o.summary === 'string' ? o.summary : '';
      const summary = epilogue.dropMarks(text, citationKeysIn(text), new Set(citations.map((c) => c.id)));
      return { ...o, key_messages, citations, summary };
    }
  }
}

/** The full text of every item (DraftEvidence.text), for a drafter that reads all of it (DraftNeeds.texts). */
async function withTexts(records: readonly DraftEvidence[], source: EvidenceTexts): Promise<DraftEvidence[]> {
  return Promise.all(records.map(async (e) => ({ ...e, text: (await source.text(e.id)) ?? '' })));
}

/** The dimension an item speaks to most (a KPI's passage is filed under it). */
const topDimension = (e: DraftEvidence): Dimension =>
  (Object.entries(e.dimensionScores) as [Dimension, number][]).sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'Financial Performance';

async function passagesOf(records: readonly DraftEvidence[], source: EvidenceTexts): Promise<Passage[]> {
  const passages: Passage[] = [];
  for (const e of records) {
    const text = await source.text(e.id);
    if (text === undefined) continue;
    // a workbook's KPIs first: exact figures, each cited by the sentence that states it (its cells come with it)
    for (const k of e.kpis ?? []) {
      if (passages.length >= MAX_PASSAGES) return passages;
      if (text.slice(k.start, k.end) !== k.sentence) continue;
      passages.push({ n: passages.length + 1, evidence_id: e.id, title: e.title, start: k.start, end: k.end, quote: k.sentence, context: `${k.sentence} (${k.statement})`, dimension: topDimension(e) });
    }
    for (const i of e.insights) {
      if (passages.length >= MAX_PASSAGES) return passages;
      if (text.slice(i.start, i.end) !== i.text) continue;
      passages.push({
        n: passages.length + 1,
        evidence_id: e.id,
        title: e.title,
        start: i.start,
        end: i.end,
        quote: i.text,
        context: text.slice(Math.max(0, i.start - PASSAGE_CONTEXT), Math.min(text.length, i.end + PASSAGE_CONTEXT)).replace(/\s+/g, ' '),
        dimension: i.dimension,
      });
    }
  }
  return passages;
}

/** The stages a draft reports as it goes (the background job records them). */
export type DraftStage = 'drafting' | 'checking';

export async function draftReportStep(reportId: string, step: DraftStep, user: string, onStage: (stage: DraftStage) => Promise<void> = async () => undefined): Promise<DraftResponse> {
  const report = await getReport(reportId);
  if (!report) throw new NotFoundError(reportsDetails.reportNotFound);
  const [org, progress, all] = await Promise.all([getOrganization(report.organization_id), readProgress(reportId), listEvidence(reportId)]);
  const analysed = all
    .filter(draftable)
    .sort((a, b) => b.relevanceScore - a.relevanceScore || a.created_at.localeCompare(b.created_at))
    .slice(0, MAX_DRAFT_EVIDENCE);
  if (!analysed.length) throw new BadRequestError(aiDetails.draftNeedsEvidence);
  const data = parseWizardData(progress?.wizard_data ?? {}).data;
  const evidence: DraftEvidence[] = analysed.map((r) => ({
    id: r.id,
    title: r.title,
    type: r.type,
    relevance: r.relevanceScore,
    dimensionScores: r.dimension_scores ?? {},
    insights: r.aiInsights,
    ...(r.kpis?.length ? { kpis: r.kpis } : {}),
  }));
  const provider = getAnalysisProvider();
  const epilogue = new AiEpilogue(reportId);
  const source = epilogue.source;
  const input: DraftInput = {
    step,
    organization: { name: org?.name ?? data.setup?.organizationName ?? '', sector: org?.sector ?? '', geography: org?.geography ?? '' },
    ...(data.objectives ? { objectives: data.objectives } : {}),
    ...(data.context ? { context: data.context } : {}),
    stakeholders: data.setup?.stakeholders ?? [],
    evidence: provider.draftNeeds.texts ? await withTexts(evidence, source) : evidence,
    data,
    dimensions: dimensionScoresFrom(evidence, data.findings?.dimensions),
    ...(provider.draftNeeds.passages ? { passages: await passagesOf(evidence, source) } : {}),
  };
  await assertTokenBudget(reportId);
  await onStage('drafting');
  const result = await provider.draft(input);
  await onStage('checking');
  const drafted = await resolveAll(step, result.output, epilogue);
  const parsed = z.safeParse(STEP_SCHEMAS[step], drafted);
  if (!parsed.success) throw new InvalidModelOutputError(`The AI draft does not have the expected shape (${formatZodError(parsed.error, step).slice(0, 400)})`);
  // every claim that states figures is bound by its quotes (measure, figures and direction in one clause), or left out and listed
  await loadFaithfulness();
  const sources = sourceWords({ organization: input.organization.name, stakeholders: input.stakeholders, titles: evidence.map((e) => e.title) });
  // (a finding the check leaves out is reported as its source states it, named as the drafts name their sources)
  const checked = withFaithfulClaims(step, parsed.data, sources, [], sourceVoices(evidence, input.stakeholders));
  const flagged = [...(result.flagged ?? []), ...checked.flagged];
  // a draft that found nothing says so, and what evidence would help, in an item that lets the step be completed
  const answered = withNothingFound(step, checked.data).data;
  const produced = countItems(step, answered);
  const record = await epilogue.record(provider.name, result, {
    kind: `draft:${step}`,
    evidenceIds: evidence.map((e) => e.id),
    user,
    produced,
    droppedBefore: result.dropped,
    ...(flagged.length ? { flagged } : {}),
  });
  return {
    success: true,
    step,
    data: answered,
    provenance_id: record.id,
    citations_dropped: epilogue.totalDropped(result.dropped),
    provider: provider.name,
  };
}

function countItems(step: DraftStep, data: unknown): number {
  const d = data as Record<string, unknown[]>;
  switch (step) {
    case 'findings':
      return d.findings!.length;
    case 'swot':
      return SWOT_QUADRANTS.reduce((n, q) => n + d[q]!.length, 0);
    case 'recommendations':
    case 'roadmap':
      return d.items!.length;
    case 'executive-summary':
      return d.key_messages!.length + 1;
  }
}
