/**
 * The optional sections of an export: the comparison of a re-assessment with its baseline, the
 * sector benchmark and the sources of the report's figures, each as markdown of the report dialect (a paragraph, a table, a chart of the scores) that the
 * model walks like any section, so DOCX, PDF and PPTX (a native bar chart) draw them with the same machinery.
 * Pure: the loader hands over what it read.
 */
import type { ChartData } from '@shared/domain/report/chart-data';
import { formatChange, formatMetricValue, type Comparison } from '@shared/domain/report/comparison';
import { figureSourcesTexts } from '@shared/messages/ledger';
import { reassess } from '@shared/messages/reassess';
import type { BenchmarkResponse } from '@shared/schemas/reports';
import { VisualOptions, type Visual } from '@shared/schemas/visuals';
import * as z from 'zod/mini';
import type { ExportFigure } from './blocks';

export const EXPORT_EXTRA_KEYS = ['comparison', 'benchmark', 'figures'] as const;
export type ExportExtraKey = (typeof EXPORT_EXTRA_KEYS)[number];

export interface ExtraSectionInput {
  key: ExportExtraKey;
  title: string;
  content: string;
  figures: ReadonlyMap<string, ExportFigure>;
}

const t = reassess.exports;
const c = reassess.comparison;
const b = reassess.benchmark;

/** Text as literal markdown: every ASCII punctuation mark escaped (CommonMark reads `\x` as `x`), no line breaks. */
const literal = (s: string) => s.replace(/\s+/g, ' ').trim().replace(/[\\`*_{}[\]()#+\-.!|<>~&^"'=$%,:;?@/]/g, '\\$&');

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
const table = (head: string[], rows: string[][]) => [row(head.map(literal)), row(head.map(() => '---')), ...rows.map((r) => row(r.map(literal)))].join('\n');

function barFigure(id: string, reportId: string, title: string, categories: string[], series: { name: string; values: (number | null)[] }[]): ExportFigure {
  const now = new Date(0).toISOString();
  const visual: Visual = {
    id,
    report_id: reportId,
    type: 'bar',
    title,
    caption: title,
    binding: { source: 'dimension-scores', include_out_of_scope: false },
    options: z.parse(VisualOptions, { y_label: 'Score' }),
    status: 'completed',
    version: 1,
    updated_by: '',
    updated_at: now,
    created_at: now,
  };
  const data: ChartData = {
    categories,
    series,
    bars: [],
    tasks: [],
    groups: [],
    columns: ['Dimension', ...series.map((s) => s.name)],
    rows: categories.map((cat, i) => [cat, ...series.map((s) => (s.values[i] === null || s.values[i] === undefined ? '' : String(s.values[i])))]),
    category_label: 'Dimension',
    value_label: 'Score',
    message: categories.length ? null : c.noScores,
    notes: [],
    currency: '',
    source: null,
  };
  return { visual, data };
}

/** The comparison with the baseline: scores and their change (table and chart), findings, recommendations, metrics. */
export function comparisonSection(reportId: string, baselineTitle: string, reportTitle: string, cmp: Comparison): ExtraSectionInput {
  const figureId = 'extra-comparison-scores';
  const scored = cmp.dimensions;
  const figure = barFigure(figureId, reportId, t.comparisonChart, scored.map((d) => d.dimension), [
    { name: c.baseline, values: scored.map((d) => d.before) },
    { name: c.current, values: scored.map((d) => d.after) },
  ]);
  const list = (items: string[], none: string) => (items.length ? items.map((s) => `- ${literal(s)}`).join('\n') : literal(none));
  const parts = [
    `${literal(c.baseline)}: ${literal(baselineTitle)} → ${literal(c.current)}: ${literal(reportTitle)}`,
    `### ${literal(c.scores)}`,
    scored.length
      ? table([c.dimension, c.baseline, c.current, c.change], scored.map((d) => [d.dimension, d.before === null ? c.notScored : String(d.before), d.after === null ? c.notScored : String(d.after), formatChange(d.change)]))
      : literal(c.noScores),
    `![${literal(t.comparisonChart)}](visual:${figureId})`,
    `### ${literal(c.findings)}`,
    `**${literal(c.resolved)}**`,
    list(cmp.findings.resolved.map((f) => f.statement), c.noneIn(c.resolved)),
    `**${literal(c.persisting)}**`,
    list(cmp.findings.persisting.map((p) => p.after.statement), c.noneIn(c.persisting)),
    `**${literal(c.new)}**`,
    list(cmp.findings.new.map((f) => f.statement), c.noneIn(c.new)),
    `### ${literal(c.recommendations)}`,
    cmp.recommendations.length ? table([c.recommendations, ''], cmp.recommendations.map((r) => [r.title, r.status === 'done' ? c.done : c.open])) : literal(c.noRecommendations),
    `### ${literal(c.metrics)}`,
    cmp.metrics.length
      ? table([c.metric, c.baseline, c.current, c.change], cmp.metrics.map((m) => [m.name, formatMetricValue(m.before, m.unit), formatMetricValue(m.after, m.unit), formatChange(m.change)]))
      : literal(c.noMetrics),
  ];
  return { key: 'comparison', title: t.comparisonHeading, content: parts.join('\n\n'), figures: new Map([[figureId, figure]]) };
}

/** The sector benchmark: this report's scores against the quartiles (table and chart); a note when it is hidden. */
export function benchmarkSection(reportId: string, bench: BenchmarkResponse): ExtraSectionInput {
  const figureId = 'extra-benchmark-scores';
  if (!bench.available) return { key: 'benchmark', title: t.benchmarkHeading, content: literal(bench.sector ? b.hidden : b.noSector), figures: new Map() };
  const dims = bench.dimensions;
  const figure = barFigure(figureId, reportId, t.benchmarkChart, dims.map((d) => d.dimension), [
    { name: b.score, values: dims.map((d) => d.score) },
    { name: b.q1, values: dims.map((d) => d.q1) },
    { name: b.median, values: dims.map((d) => d.median) },
    { name: b.q3, values: dims.map((d) => d.q3) },
  ]);
  const parts = [
    literal(b.scope(bench.sector, bench.geography, bench.count)),
    table([b.dimension, b.score, b.q1, b.median, b.q3], dims.map((d) => [d.dimension, d.score === null ? b.notScored : String(d.score), String(d.q1), String(d.median), String(d.q3)])),
    `![${literal(t.benchmarkChart)}](visual:${figureId})`,
  ];
  return { key: 'benchmark', title: t.benchmarkHeading, content: parts.join('\n\n'), figures: new Map([[figureId, figure]]) };
}

/** A figure of the report and what supports it, as the appendix lists it. */
export interface FigureSource {
  text: string;
  where: string;
  excerpt: string;
  support: 'cited' | 'derived' | 'data' | 'unsupported';
  basis: string;
  waived: boolean;
}

/** The sources of the report's figures: each figure, where it stands, its support and its source (the quote, the computation, the range). */
export function figureSourcesSection(rows: readonly FigureSource[], total: number): ExtraSectionInput {
  const f = figureSourcesTexts;
  if (!rows.length) return { key: 'figures', title: f.heading, content: literal(f.none), figures: new Map() };
  const source = (r: FigureSource) => (r.support === 'unsupported' ? (r.waived ? f.waived : f.unsupported) : r.basis);
  const parts = [
    literal(f.intro),
    table([f.figure, f.where, f.support, f.source], rows.map((r) => [r.text, `${r.where}: ${r.excerpt}`, f.supports[r.support], source(r)])),
    ...(total > rows.length ? [literal(f.more(total - rows.length))] : []),
  ];
  return { key: 'figures', title: f.heading, content: parts.join('\n\n'), figures: new Map() };
}
