/**
 * Drafting with a Bedrock model: the same step data as the local drafter, asked for as JSON and validated
 * with zod. The model sees numbered passages (an insight and the text around it) and cites passage
 * numbers; those become `{ evidence_id, start, end }` of the insight itself, so nothing it cites can be a
 * passage that does not exist. Items the earlier steps hold are named by their labels (F1, W2, R3).
 */
import * as z from 'zod/mini';
import { DIMENSIONS, Dimension } from '@shared/schemas/analysis';
import { itemLabels } from '@shared/domain/report/labels';
import { DEFAULT_PHASES, type CitationRef, IMPACTS, MAX_MONTH, PRIORITIES, SWOT_QUADRANTS } from '@shared/schemas/report-document';
import { asStatement, citationIdFor, type DraftInput, type DraftOutput, type Passage, itemId } from '../drafting';
import type { EnhanceInput, EnhanceOutput } from '../enhance';
import type { DraftNeeds } from './port';

/** A model drafts from numbered passages (an insight with the text around it), not from more sentences. */
export const BEDROCK_DRAFT_NEEDS: DraftNeeds = { texts: false, passages: true };

const passageNumbers = z._default(z.array(z.number().check(z.int(), z.gte(1), z.lte(100_000))).check(z.maxLength(10)), []);
const str = (max: number) => z.string().check(z.maxLength(max));
const quadrant = () =>
  z._default(
    z.array(z.object({ text: str(1000).check(z.minLength(1)), findings: z._default(z.array(str(10)).check(z.maxLength(20)), []), citations: passageNumbers })).check(z.maxLength(10)),
    [],
  );

export const ModelDrafts = {
  findings: z.object({
    findings: z
      .array(
        z.object({
          statement: str(2000).check(z.minLength(1)),
          dimension: Dimension,
          impact: z.enum(IMPACTS),
          metric: z._default(z.nullable(z.object({ name: str(120).check(z.minLength(1)), value: z.number().check(z.gte(-1e15), z.lte(1e15)), unit: z._default(str(40), ''), period: z._default(str(60), '') })), null),
          citations: passageNumbers,
        }),
      )
      .check(z.maxLength(40)),
  }),
  swot: z.object({ strengths: quadrant(), weaknesses: quadrant(), opportunities: quadrant(), threats: quadrant() }),
  recommendations: z.object({
    items: z
      .array(
        z.object({
          title: str(300).check(z.minLength(1)),
          rationale: z._default(str(4000), ''),
          priority: z.enum(PRIORITIES),
          impact: z.number().check(z.int(), z.gte(1), z.lte(5)),
          effort: z.number().check(z.int(), z.gte(1), z.lte(5)),
          addresses: z._default(z.array(str(10)).check(z.maxLength(20)), []),
          owner: z._default(str(200), ''),
          kpi: z._default(str(500), ''),
          citations: passageNumbers,
        }),
      )
      .check(z.maxLength(30)),
  }),
  roadmap: z.object({
    items: z
      .array(
        z.object({
          title: str(300).check(z.minLength(1)),
          phase: z.number().check(z.int(), z.gte(1), z.lte(12)),
          start_month: z.number().check(z.int(), z.gte(0), z.lte(MAX_MONTH)),
          end_month: z.number().check(z.int(), z.gte(1), z.lte(MAX_MONTH)),
          owner: z._default(str(200), ''),
          recommendation: str(10),
        }),
      )
      .check(z.maxLength(60)),
  }),
  'executive-summary': z.object({
    key_messages: z.array(z.object({ text: str(600).check(z.minLength(1)), citations: passageNumbers })).check(z.minLength(3), z.maxLength(5)),
    summary: str(20_000).check(z.minLength(1)),
  }),
} as const;

const stepAsk: Record<DraftInput['step'], string> = {
  findings:
    'Return {"findings":[{"statement": one factual sentence, "dimension": one of the six names, "impact": "high"|"medium"|"low", "metric": {"name","value","unit","period"} or null, "citations": [passage numbers the statement rests on]}]}: up to 4 findings per dimension, only what the passages support.',
  swot: 'Return {"strengths":[…],"weaknesses":[…],"opportunities":[…],"threats":[…]}, each item {"text": one sentence, "findings": [finding labels such as "F2" it rests on], "citations": [passage numbers]}. Strengths and weaknesses are internal; opportunities and threats external.',
  recommendations:
    'Return {"items":[{"title","rationale","priority":"high"|"medium"|"low","impact":1-5,"effort":1-5,"addresses":[labels of the findings, weaknesses (W…) or threats (T…) it answers],"owner","kpi","citations":[passage numbers]}]}: every weakness and threat answered.',
  roadmap:
    'Return {"items":[{"title","phase": phase number (1 = first),"start_month","end_month","owner","recommendation": the label (R1, R2 …) it carries out}]}: every recommendation carried out, quick important work first.',
  'executive-summary':
    'Return {"key_messages":[3 to 5 × {"text","citations":[passage numbers]}],"summary": about one page of plain prose paragraphs separated by blank lines, citing passages inline as [P<number>], and naming every high-priority recommendation by its exact title}.',
};

/** The prompt for one step: the task, the organization and objectives, the earlier steps (labelled), the passages. */
export function draftPrompt(input: DraftInput, passages: readonly Passage[]): string {
  const labels = itemLabels(input.data);
  const lines = [
    `Draft the "${input.step}" part of a business assessment of ${input.organization.name}${input.organization.sector ? ` (sector ${input.organization.sector})` : ''}${input.organization.geography ? ` in ${input.organization.geography}` : ''}.`,
    `Business dimensions (exact names): ${DIMENSIONS.map((d) => JSON.stringify(d)).join(', ')}.`,
    stepAsk[input.step],
    'Use only what the passages below say. Cite passages by their numbers. Answer with the JSON object only.',
  ];
  if (input.objectives?.purpose) lines.push(`Purpose of the report: ${input.objectives.purpose}`);
  if (input.dimensions.length) lines.push(`Dimension scores (0-100): ${input.dimensions.map((d) => `${d.dimension} ${d.score}${d.out_of_scope ? ' (out of scope)' : ''}`).join('; ')}`);
  for (const f of input.data.findings?.findings ?? []) lines.push(`${labels.findings.get(f.id)} [${f.dimension}, ${f.impact}] ${f.statement}`);
  for (const q of SWOT_QUADRANTS) for (const item of input.data.swot?.[q] ?? []) lines.push(`${labels.swot.get(item.id)} [${q}] ${item.text}`);
  for (const r of input.data.recommendations?.items ?? []) lines.push(`${labels.recommendations.get(r.id)} [${r.priority} priority, effort ${r.effort}] ${r.title}`);
  if (input.step === 'roadmap') {
    const phases = input.data.roadmap?.phases?.length ? input.data.roadmap.phases : DEFAULT_PHASES;
    lines.push(`Phases: ${phases.map((p, i) => `${i + 1} = ${p.name} (months ${p.start_month}-${p.end_month})`).join('; ')}`);
  }
  for (const p of passages) lines.push(`<passage n=${p.n} source=${JSON.stringify(p.title)} dimension=${JSON.stringify(p.dimension)}>`, p.context, '</passage>');
  return lines.join('\n');
}

/** Turns a validated model answer into drafted step data (passage numbers → citation references). */
export function fromModelDraft(input: DraftInput, passages: readonly Passage[], answer: unknown): { output: DraftOutput; dropped: number } {
  const state = { dropped: 0 };
  const output = convert(input, passages, answer, state);
  return { output, dropped: state.dropped };
}

function convert(input: DraftInput, passages: readonly Passage[], answer: unknown, state: { dropped: number }): DraftOutput {
  const byN = new Map(passages.map((p) => [p.n, p]));
  const refs = (numbers: readonly number[]): CitationRef[] =>
    numbers.flatMap((n) => {
      const p = byN.get(n);
      if (!p) {
        state.dropped++;
        return [];
      }
      return [{ evidence_id: p.evidence_id, start: p.start, end: p.end }];
    });
  const labels = itemLabels(input.data);
  const idOf = (map: Map<string, string>, label: string) => [...map].find(([, l]) => l === label.trim().toUpperCase())?.[0];
  switch (input.step) {
    case 'findings': {
      const a = answer as z.infer<typeof ModelDrafts.findings>;
      return {
        dimensions: input.dimensions,
        findings: a.findings.map((f) => ({ id: itemId('f', f.dimension, f.statement), statement: asStatement(f.statement, 2000), dimension: f.dimension, impact: f.impact, metric: f.metric, citations: refs(f.citations), ai_drafted: true })),
      };
    }
    case 'swot': {
      const a = answer as z.infer<typeof ModelDrafts.swot>;
      const out = { strengths: [], weaknesses: [], opportunities: [], threats: [], none: { strengths: false, weaknesses: false, opportunities: false, threats: false } } as Extract<DraftOutput, { strengths: unknown }>;
      for (const q of SWOT_QUADRANTS) {
        out[q] = (a[q] ?? []).map((item) => ({
          id: itemId(q.charAt(0), item.text),
          text: item.text,
          finding_ids: item.findings.map((l) => idOf(labels.findings, l)).filter((x): x is string => Boolean(x)),
          citations: refs(item.citations),
          ai_drafted: true,
        }));
        out.none[q] = out[q].length === 0;
      }
      return { ...out, none: { ...out.none } };
    }
    case 'recommendations': {
      const a = answer as z.infer<typeof ModelDrafts.recommendations>;
      return {
          items: a.items.map((r) => ({
            id: itemId('r', r.title),
            title: r.title,
            rationale: r.rationale,
            priority: r.priority,
            impact: r.impact,
            effort: r.effort,
            finding_ids: r.addresses.map((l) => idOf(labels.findings, l)).filter((x): x is string => Boolean(x)),
            swot_ids: r.addresses.map((l) => idOf(labels.swot, l)).filter((x): x is string => Boolean(x)),
            owner: r.owner,
            kpi: r.kpi,
            deferred: false,
            citations: refs(r.citations),
            ai_drafted: true,
          })),
      };
    }
    case 'roadmap': {
      const a = answer as z.infer<typeof ModelDrafts.roadmap>;
      const phases = input.data.roadmap?.phases?.length ? input.data.roadmap.phases : DEFAULT_PHASES;
      return {
          phases: [...phases],
          items: a.items
            .filter((i) => i.end_month > i.start_month)
            .map((i) => ({
              id: itemId('a', i.title, i.start_month),
              title: i.title,
              phase_id: (phases[i.phase - 1] ?? phases[0]!).id,
              start_month: i.start_month,
              end_month: i.end_month,
              owner: i.owner,
              recommendation_id: idOf(labels.recommendations, i.recommendation) ?? null,
              ai_drafted: true,
            })),
      };
    }
    case 'executive-summary': {
      const a = answer as z.infer<typeof ModelDrafts['executive-summary']>;
      const summaryRefs: CitationRef[] = [];
      const summary = a.summary.replace(/\[P(\d{1,6})\]/g, (_, n: string) => {
        const [ref] = refs([Number(n)]);
        if (!ref) return '';
        summaryRefs.push(ref);
        return `[@${citationIdFor(ref)}]`;
      });
      return {
        key_messages: a.key_messages.map((k) => ({ id: itemId('k', k.text), text: k.text, citations: refs(k.citations), ai_drafted: true })),
        summary,
        citations: summaryRefs,
        ai_drafted: true,
      };
    }
  }
}

// ── AI Enhance ──────────────────────────────────────────────────────────────────────────────────────

export const ModelEnhance = z.object({ text: str(60_000).check(z.minLength(1)) });

const ENHANCE_ASK: Record<string, string> = {
  tighten: 'Make it shorter and plainer without losing any fact.',
  executive: 'Rewrite it in a confident executive tone for a board: no hedging, active voice.',
  expand: 'Expand it with the evidence passages below where they support it, citing each passage you use as [P<number>].',
  grammar: 'Fix grammar, spelling and punctuation only; change nothing else.',
};

/** The prompt for AI Enhance: the instruction, the text (its [@id] marks to be kept exactly), passages to cite. */
export function enhancePrompt(input: EnhanceInput): string {
  const lines = [
    input.instruction === 'custom' ? `Rewrite the text as instructed: ${input.custom.trim()}` : ENHANCE_ASK[input.instruction]!,
    'The text is markdown. Keep every citation marker such as [@c1a2b3] exactly as written, next to the claim it supports. Do not invent facts.',
    'Return JSON {"text": "the rewritten markdown"} and nothing else.',
    '<text>',
    input.text,
    '</text>',
  ];
  if (input.instruction === 'expand' || input.instruction === 'custom') {
    for (const [i, p] of input.passages.slice(0, 40).entries()) lines.push(`<passage n=${i + 1} source=${JSON.stringify(p.title)}>`, p.quote, '</passage>');
  }
  return lines.join('\n');
}

/** Turns the model's rewrite into the output: [P n] marks become citation marks of those passages. */
export function fromModelEnhance(input: EnhanceInput, reply: z.infer<typeof ModelEnhance>, markFor: (ref: CitationRef) => string): EnhanceOutput {
  const added: EnhanceOutput['added'] = [];
  const text = reply.text.replace(/\[P(\d{1,4})\]/g, (_, n: string) => {
    const p = input.passages[Number(n) - 1];
    if (!p) return '';
    const mark = markFor(p.ref);
    if (!added.some((a) => a.mark === mark)) added.push({ ref: p.ref, mark });
    return `[@${mark}]`;
  });
  return { text, added };
}
