/**
 * Runs a drafter over a case of the evaluation (the gold set, test/fixtures/eval/<case>/, or a blind case,
 * test/fixtures/eval-cases/<split>/<case>/) the way the server does: each evidence text is
 * analysed as ingest analyses it, steps 5–9 are drafted in order (each reading the steps before it), the
 * drafter's citation references are resolved against the texts (quote filled in, what does not verify
 * dropped), each step is checked against its schema and passes the epilogue's faithfulness check (a claim its
 * quotes do not bind is left out, and listed), the report is composed, and the evaluation's metrics
 * are computed on the result. Used by `npm run eval` (bench/eval.ts) and by the unit tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as z from 'zod/mini';
import { composeAll } from '@shared/domain/report/compose';
import {
  type Citation,
  type CitationRef,
  DRAFT_STEPS,
  type DraftStep,
  ExecutiveSummaryData,
  FindingsData,
  RecommendationsData,
  RoadmapData,
  SWOT_QUADRANTS,
  SwotData,
} from '@shared/schemas/report-document';
import type { WizardData } from '@shared/schemas/wizard';
import { draftWithAnalyst } from '../../functions/domain/ai/analyst/draft-steps';
import { type Derivation, sourceVoices } from '../../functions/domain/ai/analyst/titles';
import { type CaseMetrics, evaluateCase, GoldCase, type Split } from '../../bench/eval/drafts';
import { citationIdFor, dimensionScoresFrom, type DraftEvidence, type DraftInput, type DraftOutput } from '../../functions/domain/ai/port/draft-contract';
import { analyzeText } from '../../functions/domain/ai/providers/local-ingest-analyser';
import type { DraftResult } from '../../functions/domain/ai/port/analysis-provider';
import { loadFaithfulness, sourceWords, type UnfaithfulClaim, withFaithfulClaims } from '../../functions/domain/ai/drafting/faithfulness';
import { withNothingFound } from '../../functions/domain/ai/drafting/nothing-found';

export const EVAL_DIR = resolve(import.meta.dirname, '../fixtures/eval');
/** The blind cases, written with their answers before the drafter saw them: development/ and held-out/. */
export const BLIND_DIR = resolve(import.meta.dirname, '../fixtures/eval-cases');

export interface LoadedCase {
  gold: GoldCase;
  texts: Map<string, string>;
}

export function loadGoldCases(dir = EVAL_DIR): LoadedCase[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const gold = z.parse(GoldCase, JSON.parse(readFileSync(resolve(dir, name, 'case.json'), 'utf8')));
      const texts = new Map(gold.evidence.map((e) => [e.id, readFileSync(resolve(dir, name, e.file), 'utf8')]));
      return { gold, texts };
    });
}

/** The cases of a split: the gold set, or a half of the blind cases. */
export function loadSplit(split: Split): LoadedCase[] {
  return split === 'gold' ? loadGoldCases() : loadGoldCases(resolve(BLIND_DIR, split));
}

/** A drafter as the evaluation calls it: a provider's `draft`, plus the derivations it recorded, if any. */
export type Drafter = (input: DraftInput) => Promise<DraftResult & { derivations?: readonly Derivation[] }>;

/** The local analyst as a drafter. */
export const analystDrafter: Drafter = async (input) => {
  const result = await draftWithAnalyst(input, citationIdFor);
  return { output: result.output, dropped: 0, model: 'assay-local-analyst', prompt: '', derivations: result.derivations };
};

/** The evidence records as ingest leaves them: the local analysis of each text (relevance, scores, insights). */
export function analysedEvidence(c: LoadedCase): DraftEvidence[] {
  const { gold } = c;
  return gold.evidence
    .map((e) => {
      const text = c.texts.get(e.id)!;
      const a = analyzeText({
        text,
        title: e.title,
        kind: e.type,
        context: { objectives: `${gold.objectives.purpose} ${gold.objectives.inScope}`, organization: gold.organization },
      });
      return { id: e.id, title: e.title, type: e.type, relevance: a.relevance_score, dimensionScores: a.dimension_scores, insights: a.key_insights, text };
    })
    .sort((a, b) => b.relevance - a.relevance || a.title.localeCompare(b.title));
}

const STEP_SCHEMAS = { findings: FindingsData, swot: SwotData, recommendations: RecommendationsData, roadmap: RoadmapData, 'executive-summary': ExecutiveSummaryData } as const;

/** The server's citation resolution (functions/domain/ai/drafting/draft-step.ts resolveAll): quote from the text, id from the passage. */
export function resolveStep(step: DraftStep, output: DraftOutput, texts: ReadonlyMap<string, string>): { data: unknown; dropped: number } {
  let dropped = 0;
  const resolveRefs = (refs: readonly CitationRef[]): Citation[] => {
    const unique = new Map<string, Citation>();
    for (const r of refs) {
      const text = texts.get(r.evidence_id);
      const quote = text !== undefined && r.start >= 0 && r.end > r.start && r.end <= text.length ? text.slice(r.start, r.end) : '';
      if (!quote.trim() || quote.length > 2000) {
        dropped++;
        continue;
      }
      const id = citationIdFor(r);
      unique.set(id, { id, evidence_id: r.evidence_id, start: r.start, end: r.end, quote });
    }
    return [...unique.values()];
  };
  const fix = <T extends { citations: readonly CitationRef[] }>(items: readonly T[]) => items.map((i) => ({ ...i, citations: resolveRefs(i.citations) }));
  const o = JSON.parse(JSON.stringify(output)) as Record<string, unknown>;
  switch (step) {
    case 'findings':
      return { data: { ...o, findings: fix(o.findings as never) }, dropped };
    case 'swot': {
      for (const q of SWOT_QUADRANTS) o[q] = fix(o[q] as never);
      return { data: o, dropped };
    }
    case 'recommendations':
      return { data: { ...o, items: fix(o.items as never) }, dropped };
    case 'roadmap':
      return { data: o, dropped };
    case 'executive-summary': {
      const citations = resolveRefs(o.citations as CitationRef[]);
      const kept = new Set(citations.map((c) => c.id));
      let summary = String(o.summary ?? '');
      for (const m of summary.matchAll(/\[@([A-Za-z0-9_-]+)\]/g)) if (!kept.has(m[1]!)) summary = summary.split(m[0]).join('');
      return { data: { ...o, key_messages: fix(o.key_messages as never), citations, summary }, dropped };
    }
  }
}

export interface CaseRun {
  gold: GoldCase;
  data: WizardData;
  sections: ReturnType<typeof composeAll>;
  derivations: Derivation[];
  /** milliseconds per step (wall clock) */
  timings: Record<DraftStep, number>;
  /** milliseconds of CPU per step (user + system): what the step costs, whatever else the machine runs */
  cpu: Record<DraftStep, number>;
  dropped: number;
  /** claims the epilogue's faithfulness check left out, as the draft's provenance lists them */
  unfaithful: UnfaithfulClaim[];
  metrics: CaseMetrics;
}

/** Drafts steps 5–9 of a case with `drafter`, as the wizard does, and evaluates the result. */
export async function runCase(c: LoadedCase, drafter: Drafter, opts: { beforeStep?: () => void } = {}): Promise<CaseRun> {
  const { gold, texts } = c;
  const evidence = analysedEvidence(c);
  let data: WizardData = {
    setup: {
      organizationName: gold.organization.name,
      sector: gold.organization.sector,
      geography: gold.organization.geography,
      fyStart: 'january',
      currency: 'GBP',
      reportTitle: gold.title,
      reportOwner: 'Eval',
      stakeholders: gold.stakeholders,
      brandSettings: { primaryColor: '#1e293b', secondaryColor: '', logoUrl: '' },
    },
    objectives: gold.objectives,
  };
  const timings = {} as Record<DraftStep, number>;
  const cpu = {} as Record<DraftStep, number>;
  const derivations: Derivation[] = [];
  let dropped = 0;
  const unfaithful: UnfaithfulClaim[] = [];
  await loadFaithfulness();
  const sources = sourceWords({ organization: gold.organization.name, stakeholders: gold.stakeholders, titles: gold.evidence.map((e) => e.title) });
  const voices = sourceVoices(gold.evidence, gold.stakeholders);
  for (const step of DRAFT_STEPS) {
    opts.beforeStep?.();
    // timed from building the input to the answer
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const input: DraftInput = {
      step,
      organization: gold.organization,
      objectives: gold.objectives,
      stakeholders: gold.stakeholders,
      evidence,
      data,
      dimensions: dimensionScoresFrom(evidence, data.findings?.dimensions),
    };
    const result = await drafter(input);
    timings[step] = performance.now() - started;
    const used = process.cpuUsage(cpuStarted);
    cpu[step] = (used.user + used.system) / 1000;
    derivations.push(...(result.derivations ?? []));
    const resolved = resolveStep(step, result.output, texts);
    dropped += resolved.dropped;
    const parsed = z.safeParse(STEP_SCHEMAS[step], resolved.data);
    if (!parsed.success) throw new Error(`${gold.id}/${step}: the draft does not fit the schema: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
    // the epilogue's faithfulness check, as every draft passes it (functions/domain/ai/drafting/draft-step.ts)
    const checked = withFaithfulClaims(step, parsed.data, sources, [], voices);
    unfaithful.push(...checked.flagged);
    data = { ...data, [step]: withNothingFound(step, checked.data).data };
  }
  const sections = composeAll({
    data,
    report: { title: gold.title, owner: 'Eval' },
    organization: gold.organization,
    evidence: gold.evidence.map((e) => ({ id: e.id, title: e.title, type: e.type, source: e.file, relevanceScore: evidence.find((x) => x.id === e.id)!.relevance })),
  });
  const metrics = evaluateCase({ gold, texts, data, sections, derivations });
  return { gold, data, sections, derivations, timings, cpu, dropped, unfaithful, metrics };
}
