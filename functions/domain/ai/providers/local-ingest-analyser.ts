/**
 * The local ingest analyser: real, deterministic, offline analysis of one piece of evidence as it is added
 * (dimensions, a relevance score and key insights, from lexicons per dimension and sentence ranking; see
 * ../text/text-analysis). The `local` provider (./local-provider.ts) serves it.
 */
import {
  type Analysis,
  DEFAULT_RELEVANCE,
  DIMENSIONS,
  type Insight,
  MAX_KEY_INSIGHTS,
  MIN_KEY_INSIGHTS_TARGET,
} from '@shared/schemas/analysis';
import { SECTOR_TERMS } from '../text/lexicons';
import {
  analyzeDocument,
  clearDimensions,
  contentStems,
  type DocumentAnalysis,
  pickSentences,
  termStems,
} from '../text/text-analysis';
import type { AnalysisInput, OrganizationProfile } from '../port/analysis-provider';

const round2 = (v: number) => Math.round(v * 100) / 100;
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** How many insights a text with `candidates` ranked sentences gets: half of them, 3 to 7. */
function insightTarget(candidates: number): number {
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
function relevanceScore(input: AnalysisInput, doc: DocumentAnalysis): number {
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
