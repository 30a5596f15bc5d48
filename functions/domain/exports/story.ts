/**
 * The report's storyline, from the wizard's step data (pure): what a deck tells and in what words. The
 * sections are the document's prose; the steps hold its structure, and a slide needs the structure: the
 * executive summary's governing thought and key lines, one theme per finding with its figure and the passage
 * that supports it, the dimension scores, the SWOT quadrants and the recommendations with their priority,
 * impact and effort. Citations keep the numbers the document gives them (buildExportModel numbers the
 * sections first; a step citation no exported section uses gets the next number).
 *
 * Only what the export selected is told: the summary for the executive summary, themes and scores for the
 * findings, and so on. Texts are plain (no markdown) and whole; the deck decides what fits on a slide.
 */
import { SWOT_PREFIX, itemLabels } from '@shared/domain/report/labels';
import { flat, splitFirstSentence } from '@shared/domain/report/sentences';
import { DIMENSIONS, type Dimension } from '@shared/schemas/analysis';
import type {
  Citation,
  DimensionScore,
  ExecutiveSummaryData,
  FindingsData,
  Impact,
  Metric,
  Priority,
  RecommendationsData,
  SectionKey,
  SwotData,
  SwotQuadrant,
} from '@shared/schemas/report-document';
import { SWOT_QUADRANTS, SWOT_TITLES } from '@shared/schemas/report-document';
import type { Run } from './blocks';

/** The step data an export reads for its storyline (citations marked with their sources, as sections are). */
export interface StorySteps {
  findings?: FindingsData;
  swot?: SwotData;
  recommendations?: RecommendationsData;
  'executive-summary'?: ExecutiveSummaryData;
}

export interface StoryQuote {
  /** the cited passage, white space collapsed */
  text: string;
  source: string;
  /** its number in the document */
  n: number;
}

export interface StoryTheme {
  id: string;
  /** F1, F2 … as the document labels the finding */
  label: string;
  /** the finding's point: its first sentence */
  title: string;
  /** what follows the point */
  support: string;
  /** the whole statement */
  statement: string;
  dimension: Dimension;
  impact: Impact;
  /** the finding's figure, as a callout shows it */
  metric: { value: string; name: string; period: string } | null;
  /** the score of the finding's dimension (null: not scored, or out of scope) */
  dimensionScore: number | null;
  /** the first passage the finding cites */
  quote: StoryQuote | null;
  /** a further passage it cites, from another source where it has one (the slide shows it when there is room) */
  corroboration: StoryQuote | null;
  citations: number[];
}

export interface StoryKeyLine {
  text: string;
  citations: number[];
}

export interface StorySummary {
  /** the governing thought: the summary's first sentence */
  governing: string;
  governingCitations: number[];
  /** the rest of the summary's text, plain (for the speaker notes) */
  rest: string;
  keyLines: StoryKeyLine[];
  citations: number[];
}

export interface StorySwotItem {
  label: string;
  text: string;
  citations: number[];
}

export interface StoryRecommendation {
  id: string;
  label: string;
  title: string;
  rationale: string;
  priority: Priority;
  impact: number;
  effort: number;
  owner: string;
  kpi: string;
  deferred: boolean;
  /** the findings it answers */
  findingIds: string[];
  citations: number[];
}

export interface ExportStory {
  summary: StorySummary | null;
  /** the in-scope dimension scores, in the dimensions' order */
  dimensions: { dimension: Dimension; score: number }[];
  themes: StoryTheme[];
  swot: { key: SwotQuadrant; title: string; items: StorySwotItem[] }[] | null;
  recommendations: StoryRecommendation[];
}

/** What the model lends the story: citation numbers, and the dialect's parse of a summary's markdown. */
export interface StoryTools {
  /** the document number of a citation (numbered now when no section used it) */
  number(c: Citation): number;
  /** the source title and passage of a numbered citation */
  note(n: number): { source: string; quote: string } | null;
  /** markdown → its paragraphs as runs (headings, list items and table cells each a paragraph) */
  paragraphs(markdown: string, citations: readonly Citation[]): Run[][];
}

// ── text ───────────────────────────────────────────────────────────────────────────────────────────────

export { asTitle, splitFirstSentence } from '@shared/domain/report/sentences';

const formatNumber = (v: number) => (Number.isInteger(v) ? v.toLocaleString('en-US') : v.toLocaleString('en-US', { maximumFractionDigits: 2 }));

/** A finding's metric as a callout shows it: the figure ("36.5%", "£1.1m", "14 days") and what it measures. */
export function metricFigure(m: Metric): { value: string; name: string; period: string } {
  const unit = flat(m.unit);
  // a currency is written before the number and its scale after it: "£1.1m"
  const currency = /^[£$€¥₹]/.exec(unit)?.[0];
  const n = formatNumber(m.value);
  const value = currency ? `${m.value < 0 ? '-' : ''}${currency}${formatNumber(Math.abs(m.value))}${unit.slice(currency.length).trim()}` : unit === '%' ? `${n}%` : unit ? `${n} ${unit}` : n;
  return { value, name: flat(m.name), period: flat(m.period) };
}

const unique = (numbers: readonly number[]) => [...new Set(numbers)];
const runCitations = (runs: readonly Run[]) => unique(runs.filter((r) => r.citation !== undefined).map((r) => r.citation!));
/** The text of runs, citation marks left out (and the space a mark leaves before punctuation with them). */
const runText = (runs: readonly Run[]) => flat(runs.map((r) => (r.break ? ' ' : r.text)).join('')).replace(/\s+([,.;:!?])/g, '$1');

// ── the story ──────────────────────────────────────────────────────────────────────────────────────────

const IMPACT_ORDER: Record<Impact, number> = { high: 0, medium: 1, low: 2 };

function summaryOf(s: ExecutiveSummaryData, tools: StoryTools): StorySummary | null {
  const paragraphs = tools.paragraphs(s.summary, s.citations).filter((p) => runText(p));
  const keyLines = s.key_messages
    .map((k) => ({ text: flat(k.text), citations: unique(k.citations.map((c) => tools.number(c))) }))
    .filter((k) => k.text);
  if (!paragraphs.length && !keyLines.length) return null;
  const all = paragraphs.map(runText).join(' ');
  let governing = '';
  let governingCitations: number[] = [];
  let rest = all;
  if (paragraphs.length) {
    // the governing thought is the first sentence; its citation marks are those inside that sentence
    const { first } = splitFirstSentence(runText(paragraphs[0]!));
    governing = first;
    let read = '';
    for (const r of paragraphs[0]!) {
      if (flat(read).length > first.length) break;
      if (r.citation !== undefined) governingCitations.push(r.citation);
      else read += r.break ? ' ' : r.text;
    }
    governingCitations = unique(governingCitations);
    rest = flat(all.slice(all.indexOf(first) + first.length));
  } else {
    governing = keyLines[0]!.text;
    governingCitations = keyLines[0]!.citations;
  }
  const citations = unique([...paragraphs.flatMap(runCitations), ...keyLines.flatMap((k) => k.citations)]);
  return { governing, governingCitations, rest, keyLines, citations };
}

function themesOf(f: FindingsData, labels: Map<string, string>, tools: StoryTools): StoryTheme[] {
  const scores = new Map(f.dimensions.filter((d) => !d.out_of_scope).map((d) => [d.dimension, d.score]));
  const themes = f.findings.map((x): StoryTheme => {
    const { first, rest } = splitFirstSentence(x.statement);
    const citations = unique(x.citations.map((c) => tools.number(c)));
    const cited = citations[0] !== undefined ? tools.note(citations[0]) : null;
    // the further passage: the first from another source, else the next one cited
    const others = citations.slice(1).flatMap((n) => {
      const note = tools.note(n);
      return note && note.quote && flat(note.quote) !== flat(cited?.quote ?? '') ? [{ text: note.quote, source: note.source, n }] : [];
    });
    const corroboration = others.find((o) => o.source !== cited?.source) ?? others[0] ?? null;
    return {
      id: x.id,
      label: labels.get(x.id) ?? '',
      title: first,
      support: rest,
      statement: flat(x.statement),
      dimension: x.dimension,
      impact: x.impact,
      metric: x.metric ? metricFigure(x.metric) : null,
      dimensionScore: scores.get(x.dimension) ?? null,
      quote: cited && cited.quote ? { text: cited.quote, source: cited.source, n: citations[0]! } : null,
      corroboration: cited && cited.quote ? corroboration : null,
      citations,
    };
  });
  // most important first; the step's own order within an impact
  return themes.map((t, i) => ({ t, i })).sort((a, b) => IMPACT_ORDER[a.t.impact] - IMPACT_ORDER[b.t.impact] || a.i - b.i).map((x) => x.t);
}

function dimensionsOf(dimensions: readonly DimensionScore[]): ExportStory['dimensions'] {
  return DIMENSIONS.flatMap((d) => {
    const s = dimensions.find((x) => x.dimension === d);
    return s && !s.out_of_scope ? [{ dimension: d, score: s.score }] : [];
  });
}

function swotOf(s: SwotData, tools: StoryTools): ExportStory['swot'] {
  const quadrants = SWOT_QUADRANTS.map((q) => ({
    key: q,
    title: SWOT_TITLES[q],
    items: s[q].map((item, i) => ({ label: `${SWOT_PREFIX[q]}${i + 1}`, text: flat(item.text), citations: unique(item.citations.map((c) => tools.number(c))) })),
  }));
  return quadrants.some((q) => q.items.length) ? quadrants : null;
}

function recommendationsOf(r: RecommendationsData, tools: StoryTools): StoryRecommendation[] {
  return r.items.map((x, i) => ({
    id: x.id,
    label: `R${i + 1}`,
    title: flat(x.title),
    rationale: flat(x.rationale),
    priority: x.priority,
    impact: x.impact,
    effort: x.effort,
    owner: flat(x.owner),
    kpi: flat(x.kpi),
    deferred: x.deferred,
    findingIds: [...x.finding_ids],
    citations: unique(x.citations.map((c) => tools.number(c))),
  }));
}

/** The storyline of the selected sections from the steps (an empty story when the steps hold nothing). */
export function buildStory(steps: StorySteps | null | undefined, selected: ReadonlySet<SectionKey>, tools: StoryTools): ExportStory {
  const s = steps ?? {};
  const labels = itemLabels({ findings: s.findings });
  const findings = selected.has('findings') && s.findings ? s.findings : null;
  return {
    summary: selected.has('executive-summary') && s['executive-summary'] ? summaryOf(s['executive-summary'], tools) : null,
    dimensions: findings ? dimensionsOf(findings.dimensions) : [],
    themes: findings ? themesOf(findings, labels.findings, tools) : [],
    swot: selected.has('swot') && s.swot ? swotOf(s.swot, tools) : null,
    recommendations: selected.has('recommendations') && s.recommendations ? recommendationsOf(s.recommendations, tools) : [],
  };
}
