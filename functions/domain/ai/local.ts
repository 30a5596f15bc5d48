/**
 * The local analyser: real, deterministic, offline text analysis (lexicons per dimension and sentence
 * ranking; see ./text-analysis) and business context. The `local` provider (./providers/local) serves it.
 */
import {
  type Analysis,
  DEFAULT_RELEVANCE,
  DIMENSIONS,
  type Dimension,
  type Insight,
  MAX_KEY_INSIGHTS,
  MIN_KEY_INSIGHTS_TARGET,
} from '@shared/schemas/analysis';
import { SECTOR_TERMS } from './lexicons';
import {
  analyzeDocument,
  clearDimensions,
  contentStems,
  type DocumentAnalysis,
  pickSentences,
  type RankedSentence,
  termStems,
} from './text-analysis';
import type {
  AnalysisInput,
  ContextEvidence,
  ContextInput,
  GeneratedContext,
  OrganizationProfile,
} from './providers/port';

const round2 = (v: number) => Math.round(v * 100) / 100;
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** How many insights a text with `candidates` ranked sentences gets: half of them, 3 to 7. */
export function insightTarget(candidates: number): number {
  return Math.min(candidates, Math.max(MIN_KEY_INSIGHTS_TARGET, Math.min(MAX_KEY_INSIGHTS, Math.ceil(candidates / 2))));
}

const SIGNAL_WEIGHTS = { objectives: 0.55, setting: 0.15, named: 0.1, coverage: 0.2 } as const;

/** Share of `terms` found among `stems`. */
function overlap(terms: ReadonlySet<string>, stems: ReadonlySet<string>): number {
  let found = 0;
  for (const term of terms) if (stems.has(term)) found++;
  return terms.size ? found / terms.size : 0;
}

/** Words that place a text in the organization's sector and geography. */
function settingTerms(org: OrganizationProfile): Set<string> {
  const terms = contentStems(org.geography ?? '');
  const sector = (org.sector ?? '').trim().toLowerCase();
  for (const word of SECTOR_TERMS[sector] ?? (sector && sector !== 'other' ? [sector] : [])) {
    for (const s of termStems(word)) terms.add(s);
  }
  return terms;
}

/** 1 when the text names the organization in full, 0.5 when it uses the name's first distinctive word. */
function namedScore(name: string, text: string, stems: ReadonlySet<string>): number {
  const n = name.trim().toLowerCase();
  if (!n) return 0;
  if (text.toLowerCase().includes(n)) return 1;
  const first = [...contentStems(n)][0];
  return first && stems.has(first) ? 0.5 : 0;
}

/**
 * Relevance to the report. Without objectives or organization: the spec's defaults (0.8 for files and URLs,
 * 0.9 for interviews). Otherwise 0.15 + 0.85 × a weighted mean of the signals available:
 * - objectives (0.55): share of the objectives' content words found in the text, ×1.6, capped at 1;
 * - setting (0.15): sector and geography words found (three or more count fully);
 * - named (0.1): the organization is named (in full: 1; by its first word: 0.5);
 * - coverage (0.2): mean of the two strongest dimension scores.
 */
export function relevanceScore(input: AnalysisInput, doc: DocumentAnalysis): number {
  const fallback = DEFAULT_RELEVANCE[input.kind];
  const objectives = input.context?.objectives?.trim() ?? '';
  const org = input.context?.organization;
  if ((!objectives && !org) || doc.wordCount === 0) return fallback;
  const stems = new Set(doc.tokens.map((t) => t.stem));
  const signals: Array<[number, number]> = [];
  const objectiveTerms = contentStems(objectives);
  if (objectiveTerms.size) signals.push([SIGNAL_WEIGHTS.objectives, Math.min(1, overlap(objectiveTerms, stems) * 1.6)]);
  if (org) {
    const setting = settingTerms(org);
    if (setting.size) {
      let found = 0;
      for (const term of setting) if (stems.has(term)) found++;
      signals.push([SIGNAL_WEIGHTS.setting, Math.min(1, found / 3)]);
    }
    signals.push([SIGNAL_WEIGHTS.named, namedScore(org.name, input.text, stems)]);
  }
  const top = DIMENSIONS.map((d) => doc.scores[d]).sort((a, b) => b - a);
  signals.push([SIGNAL_WEIGHTS.coverage, ((top[0] ?? 0) + (top[1] ?? 0)) / 2]);
  const total = signals.reduce((sum, [w]) => sum + w, 0);
  const mean = signals.reduce((sum, [w, v]) => sum + w * v, 0) / total;
  return round2(clamp01(0.15 + 0.85 * mean));
}

export function analyzeText(input: AnalysisInput): Analysis {
  const doc = analyzeDocument(input.text);
  const picked = pickSentences(doc.sentences, insightTarget(doc.sentences.length));
  const key_insights: Insight[] = picked.map((s) => ({
    text: s.text,
    start: s.start,
    end: s.end,
    dimension: s.dimension,
    score: s.score,
  }));
  return {
    business_dimensions: clearDimensions(doc.scores, doc.weights),
    dimension_scores: { ...doc.scores },
    relevance_score: relevanceScore(input, doc),
    key_insights,
  };
}

// ── business context ────────────────────────────────────────────────────────────────────────────────

interface Candidate {
  evidence: ContextEvidence;
  dimension: Dimension;
  text: string;
  rank: number;
  order: number;
}

/** Sentences fit to quote in a paragraph: prose (no table rows), 6 to 80 words, on one line. */
function quotable(text: string): string | undefined {
  if (text.includes('\t')) return undefined;
  const flat = text.replace(/\s+/g, ' ').trim();
  const words = flat.split(' ').length;
  return words >= 6 && words <= 80 ? flat : undefined;
}

/** Candidate sentences of every evidence item: its stored insights if any, else its own ranked sentences. */
function candidatesOf(evidence: readonly ContextEvidence[]): Candidate[] {
  const out: Candidate[] = [];
  for (const [order, item] of evidence.entries()) {
    const ranked: Array<Pick<RankedSentence, 'text' | 'dimension' | 'rank'>> = item.insights?.length
      ? item.insights.map((i) => ({ text: i.text, dimension: i.dimension, rank: i.score * 10 }))
      : analyzeDocument(item.text).sentences;
    for (const r of ranked) {
      const text = quotable(r.text);
      if (text) out.push({ evidence: item, dimension: r.dimension, text, rank: r.rank, order });
    }
  }
  return out;
}

const CLOSERS = '"\'”’)';
const isSpace = (c: string) => /\s/.test(c);

/**
 * "Revenue grew 12%." from "Annual report" → "Revenue grew 12% (Annual report)."
 * The end punctuation and trailing separators are found by walking back from the end once (anchored regexes
 * such as /[,;:\s]+$/ retry every position of a long run: quadratic on hostile text).
 */
function cite(sentence: string, title: string): string {
  let closers = sentence.length;
  while (closers > 0 && CLOSERS.includes(sentence[closers - 1]!)) closers--;
  let punctuation = closers;
  while (punctuation > 0 && '.!?'.includes(sentence[punctuation - 1]!)) punctuation--;
  const ending = punctuation < closers ? sentence.slice(punctuation) : '';
  let bodyEnd = ending ? punctuation : sentence.length;
  while (bodyEnd > 0 && (',;:'.includes(sentence[bodyEnd - 1]!) || isSpace(sentence[bodyEnd - 1]!))) bodyEnd--;
  const body = sentence.slice(0, bodyEnd);
  const label = title.replace(/\s+/g, ' ').trim();
  const end = /[!?]/.test(ending) ? ending : '.';
  return label ? `${body} (${label})${end}` : `${body}${end}`;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

function describeOrganization(org: OrganizationProfile): string {
  const sector = (org.sector ?? '').trim();
  const geography = (org.geography ?? '').trim();
  const where = geography ? ` based in ${geography}` : '';
  if (!sector || sector.toLowerCase() === 'other') return `${org.name} is the organization under review${where}.`;
  const s = sector.toLowerCase();
  return `${org.name} is ${article(s)} ${s} organization${where}.`;
}

interface ParagraphPlan {
  dimension: Dimension;
  max: number;
  lead: (org: OrganizationProfile, sector: string, found: boolean) => string;
}

const sectorPhrase = (org: OrganizationProfile) => {
  const s = (org.sector ?? '').trim().toLowerCase();
  return s && s !== 'other' ? `the ${s} sector` : 'its sector';
};
const inGeography = (org: OrganizationProfile) => ((org.geography ?? '').trim() ? ` in ${org.geography!.trim()}` : '');

/** The six paragraphs: background (2), market environment (2), internal context (2). */
const PLAN: readonly ParagraphPlan[] = [
  {
    dimension: 'Financial Performance',
    max: 3,
    lead: (org, _s, found) =>
      `${describeOrganization(org)}${found ? '' : ` The evidence so far says little about ${org.name}'s financial performance.`}`,
  },
  {
    dimension: 'Operational Efficiency',
    max: 2,
    lead: (org, _s, found) =>
      found ? `On operations, the evidence notes the following.` : `How ${org.name} runs its operations is not yet documented in the evidence.`,
  },
  {
    dimension: 'Market & Customers',
    max: 3,
    lead: (org, sector, found) =>
      found
        ? `${org.name}'s market and customers${inGeography(org)}:`
        : `${org.name} serves customers in ${sector}${inGeography(org)}; the evidence does not yet describe them or their demand.`,
  },
  {
    dimension: 'Competitive Landscape',
    max: 2,
    lead: (org, sector, found) =>
      found ? `Competition in ${sector}:` : `No evidence yet names ${org.name}'s competitors in ${sector} or its position against them.`,
  },
  {
    dimension: 'People & Culture',
    max: 2,
    lead: (org, _s, found) =>
      found ? `Inside ${org.name}, people and culture:` : `The evidence does not yet describe ${org.name}'s people, leadership or culture.`,
  },
  {
    dimension: 'Risks & Compliance',
    max: 2,
    lead: (org, _s, found) =>
      found
        ? `Risks and obligations:`
        : `Risks and compliance obligations for ${org.name}${inGeography(org)} remain to be documented.`,
  },
];

export function composeContext(input: ContextInput): GeneratedContext {
  const org = { ...input.organization, name: input.organization.name.trim() || 'The organization' };
  const sector = sectorPhrase(org);
  if (!input.evidence.length) {
    // From the profile alone, nothing to cite: five short paragraphs, internal context in one.
    const texts = PLAN.slice(0, 4).map((p) => p.lead(org, sector, false));
    texts.push(`${PLAN[4]!.lead(org, sector, false)} ${PLAN[5]!.lead(org, sector, false)}`);
    return { paragraphs: texts.map((text) => ({ text, evidence_ids: [] })) };
  }
  const candidates = candidatesOf(input.evidence).sort(
    (a, b) => b.rank - a.rank || a.order - b.order || a.text.localeCompare(b.text),
  );
  const used = new Set<string>();
  const paragraphs = PLAN.map((plan) => {
    const chosen: Candidate[] = [];
    for (const c of candidates) {
      if (chosen.length >= plan.max) break;
      if (c.dimension !== plan.dimension || used.has(c.text)) continue;
      chosen.push(c);
      used.add(c.text);
    }
    const lead = plan.lead(org, sector, chosen.length > 0);
    const body = chosen.map((c) => cite(c.text, c.evidence.title)).join(' ');
    const evidence_ids = [...new Set(chosen.map((c) => c.evidence.id))];
    return { text: body ? `${lead} ${body}` : lead, evidence_ids };
  });
  return { paragraphs };
}
