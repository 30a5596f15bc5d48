/**
 * Chart bindings → data (pure, deterministic; DESIGN.md "shared/domain/report/: … chart bindings → series").
 * The one function every renderer reads: the visuals page and the editor's preview (ECharts in the
 * browser), the server's SVG/PNG (ECharts SSR) and the PowerPoint mapping. A chart bound to report data
 * follows it; a typed table is the chart's own.
 *
 * Odd data never throws: no data gives a `message` (drawn instead of a chart), and caveats (one point,
 * values a pie cannot show, too many categories, cells that are not numbers) give `notes` drawn under the
 * title. `columns`/`rows` hold exactly what is drawn, as text: the `table` type draws them, and every chart
 * carries them as its text alternative (a table for screen readers).
 */
import { reportTexts } from '../../messages/sections';
import { visualsDetails, visualsTexts } from '../../messages/visuals';
import { SETUP_DEFAULTS } from '../options';
import { DIMENSIONS } from '../../schemas/analysis';
import { DEFAULT_PHASES, type Finding } from '../../schemas/report-document';
import type { WizardData } from '../../schemas/wizard';
import type { Binding, ChartEvidence, DataTableBinding, MetricBridgeBinding, SortOrder, TableBinding, TableRangeData, Visual, VisualType } from '../../schemas/visuals';
import { rangeSourceLine } from '../data-room/table-range';
import { isTotalCell, MAX_CHART_VALUE, parseCellNumber } from './cells';
import { AUTO_FORMAT, formatNumber, type FormatOptions } from './chart-format';

export { parseCellNumber } from './cells';

const m = visualsTexts.chart;

/** The report data a chart can read: the parsed wizard data and the evidence (no texts). */
export interface ChartSource {
  data: WizardData;
  evidence: readonly ChartEvidence[];
}

export interface ChartSeries {
  name: string;
  values: (number | null)[];
}

export interface GanttTask {
  id: string;
  name: string;
  start: number;
  end: number;
  /** the phase (or the typed table's group column) */
  group: string;
  owner: string;
}

/** One bar of a waterfall: a total (start, subtotal, end) stands on zero, a step floats from `from` to `to`. */
export interface WaterfallBar {
  label: string;
  kind: 'total' | 'increase' | 'decrease';
  /** a total's level, or a step's change (signed) */
  value: number;
  from: number;
  to: number;
}

export interface ChartData {
  /** bar/line/stacked: the category axis; pie: the slices; heatmap: the columns; mekko: the columns; waterfall: the bars */
  categories: string[];
  /** bar/line/stacked: one per series; pie: one; heatmap: one per row (its name labels the row); mekko: one per segment */
  series: ChartSeries[];
  /** waterfall: the bars, left to right */
  bars: WaterfallBar[];
  /** gantt: the bars, top to bottom */
  tasks: GanttTask[];
  /** gantt: the phases (groups) in order, one colour each */
  groups: string[];
  /** what is drawn, as a table of text: the `table` type and every chart's text alternative */
  columns: string[];
  rows: string[][];
  category_label: string;
  value_label: string;
  /** nothing to draw: this is shown instead of a chart */
  message: string | null;
  /** caveats shown under the title */
  notes: string[];
  /** the client's currency (the report's setup), for the currency number format */
  currency: string;
  /** a chart bound to a workbook's table: `Source: <file>, <Sheet>!<range>` (also among the notes) */
  source: string | null;
}

/** How much one chart draws; more is cut with a note (the text alternative lists what is drawn). */
export const CHART_LIMITS = { categories: 40, pieSlices: 12, heatmapRows: 40, heatmapColumns: 40, tableRows: 30, tasks: 40 } as const;
/** A number as the text alternative and the table show it (the `auto` number format). */
export function formatValue(value: number | null): string {
  return formatNumber(value);
}

const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= MAX_CHART_VALUE ? v : null);

// ── the data each binding yields, before the chart type shapes it ───────────────────────────────────────

/** Rows × columns of numbers with labels; `table` is the source's own table, row i ↔ rowLabels[i]. */
interface Raw {
  rowLabels: string[];
  colLabels: string[];
  values: (number | null)[][];
  /** a pie's values per row (default: the first column) */
  pie?: (number | null)[];
  /** the row header of a heatmap (what the rows are) */
  rowHeader: string;
  table: { columns: string[]; rows: string[][] };
  tasks?: { tasks: GanttTask[]; groups: string[]; table: { columns: string[]; rows: string[][] }; note?: string };
  /** a waterfall's rows in order: a number (the first one the start, then the steps) or a total (`e`) */
  steps?: { label: string; total: boolean; value: number | null }[];
  /** the binding's source */
  source?: Binding['source'];
  /** the cells it reads, as a citation names them */
  sourceLine?: string | null;
  category_label: string;
  value_label: string;
  message: string | null;
  notes: string[];
}

function emptyRaw(message: string | null, notes: string[] = []): Raw {
  return { rowLabels: [], colLabels: [], values: [], rowHeader: '', table: { columns: [], rows: [] }, category_label: '', value_label: '', message, notes };
}

const dimensionOrder = (d: string) => {
  const i = (DIMENSIONS as readonly string[]).indexOf(d);
  return i < 0 ? DIMENSIONS.length : i;
};

function dimensionScores(binding: Extract<Binding, { source: 'dimension-scores' }>, data: WizardData): Raw {
  const dims = [...(data.findings?.dimensions ?? [])]
    .filter((d) => binding.include_out_of_scope || !d.out_of_scope)
    .sort((a, b) => dimensionOrder(a.dimension) - dimensionOrder(b.dimension));
  if (!dims.length) return emptyRaw(m.noDimensionScores);
  const values = dims.map((d) => [finite(d.score)]);
  return {
    rowLabels: dims.map((d) => d.dimension),
    colLabels: [m.score],
    values,
    rowHeader: m.dimension,
    table: { columns: [m.dimension, m.score], rows: dims.map((d, i) => [d.dimension, formatValue(values[i]![0]!)]) },
    category_label: m.dimension,
    value_label: m.score,
    message: null,
    notes: [],
  };
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function chosen<T extends { id: string }>(all: readonly T[], ids: readonly string[]): { items: T[]; gone: number } {
  if (!ids.length) return { items: [...all], gone: 0 };
  const wanted = new Set(ids);
  const items = all.filter((i) => wanted.has(i.id));
  return { items, gone: new Set(ids).size - items.length };
}

function metrics(binding: Extract<Binding, { source: 'metrics' }>, data: WizardData): Raw {
  const { items, gone } = chosen(data.findings?.findings ?? [], binding.finding_ids);
  const notes = gone ? [m.itemsGone(gone)] : [];
  let withMetric = items.filter((f) => f.metric);
  if (!withMetric.length) return emptyRaw(m.noMetrics, notes);
  if (binding.metric.trim()) {
    withMetric = withMetric.filter((f) => sameName(f.metric!.name, binding.metric));
    if (!withMetric.length) return emptyRaw(m.metricGone(binding.metric.trim()), notes);
  }
  const units = [...new Set(withMetric.map((f) => f.metric!.unit.trim()).filter(Boolean))];
  if (units.length > 1) notes.push(m.mixedUnits(units));
  const one = binding.metric.trim() ? withMetric[0]!.metric!.name : '';
  const rowLabels = withMetric.map((f, i) => {
    const metric = f.metric!;
    if (one) return metric.period.trim() || `#${i + 1}`;
    return metric.period.trim() ? `${metric.name} (${metric.period.trim()})` : metric.name;
  });
  const values = withMetric.map((f) => [finite(f.metric!.value)]);
  const valueLabel = one ? (units.length === 1 ? `${one} (${units[0]})` : one) : units.length === 1 ? `${m.value} (${units[0]})` : m.value;
  return {
    rowLabels,
    colLabels: [valueLabel],
    values,
    rowHeader: one ? m.period : m.metric,
    table: {
      columns: [m.metric, m.value, m.unit, m.period, m.finding],
      rows: withMetric.map((f, i) => [f.metric!.name, formatValue(values[i]![0]!), f.metric!.unit, f.metric!.period, f.statement]),
    },
    category_label: one ? m.period : m.metric,
    value_label: valueLabel,
    message: null,
    notes,
  };
}

// ── a bridge of one metric (waterfall) ────────────────────────────────────────────────────────────────

/** Units that say a metric is a change of another: percentage points, basis points, points. */
const CHANGE_UNITS = /^(?:pp|p\.p\.|ppt|pts?|points?|percentage points?|bps|bp|basis points?)$/i;
const BASIS_POINTS = /^(?:bps|bp|basis points?)$/i;

const withMetric = (data: WizardData) => (data.findings?.findings ?? []).filter((f): f is Finding & { metric: NonNullable<Finding['metric']> } => Boolean(f.metric));

/** The metrics a bridge can span: those at least two findings measure, in the order they first appear. */
export function bridgeableMetrics(data: WizardData): string[] {
  const seen = new Map<string, { name: string; count: number }>();
  for (const f of withMetric(data)) {
    const key = f.metric.name.trim().toLowerCase();
    const entry = seen.get(key) ?? { name: f.metric.name.trim(), count: 0 };
    entry.count++;
    seen.set(key, entry);
  }
  return [...seen.values()].filter((e) => e.count >= 2).map((e) => e.name);
}

export interface BridgeChoices {
  /** the metric bridged (the binding's, else the first measured twice; '' when there is none) */
  metric: string;
  /** the findings that measure it: the start and end to choose from, in report order */
  points: { id: string; label: string }[];
  /** findings with another metric: the drivers to choose from */
  drivers: { id: string; label: string }[];
  /** the drivers the evidence gives: a change in points or basis points, or a metric that names the bridged one */
  suggested: string[];
}

/** What the builder offers for a bridge of `metric` (pure; the same rules the data follows). */
export function bridgeChoices(data: WizardData, metric: string): BridgeChoices {
  const name = metric.trim() || bridgeableMetrics(data)[0] || '';
  const all = withMetric(data);
  const points = all.filter((f) => name && sameName(f.metric.name, name));
  const drivers = all.filter((f) => !name || !sameName(f.metric.name, name));
  const mentions = name.toLowerCase();
  const suggested = drivers
    .filter((f) => CHANGE_UNITS.test(f.metric.unit.trim()) || (mentions !== '' && f.metric.name.toLowerCase().includes(mentions)))
    .map((f) => f.id);
  const label = (f: (typeof all)[number]) => `${f.metric.name}${f.metric.period.trim() ? ` (${f.metric.period.trim()})` : ''}: ${formatValue(f.metric.value)}${f.metric.unit.trim() ? ` ${f.metric.unit.trim()}` : ''}`;
  return { metric: name, points: points.map((f) => ({ id: f.id, label: label(f) })), drivers: drivers.map((f) => ({ id: f.id, label: label(f) })), suggested };
}

function metricBridge(binding: MetricBridgeBinding, data: WizardData): Raw {
  const all = withMetric(data);
  if (!all.length) return emptyRaw(m.noMetrics);
  const name = binding.metric.trim() || bridgeableMetrics(data)[0] || '';
  if (!name) return emptyRaw(m.bridgeNoMetric);
  const points = all.filter((f) => sameName(f.metric.name, name));
  if (!points.length) return emptyRaw(m.metricGone(name));
  const notes: string[] = [];
  const find = (id: string | undefined, fallback: (typeof points)[number]) => {
    if (!id) return fallback;
    const hit = points.find((f) => f.id === id);
    if (!hit) notes.push(m.itemsGone(1));
    return hit ?? fallback;
  };
  const start = find(binding.from, points[0]!);
  const end = find(binding.to, points[points.length - 1]!);
  if (start === end) return emptyRaw(m.bridgeNeedsTwo(name), notes);
  const unit = end.metric.unit.trim() || start.metric.unit.trim();
  const units = new Set([start.metric.unit.trim(), end.metric.unit.trim()].filter(Boolean));
  const percent = unit === '%';
  const byId = new Map(all.map((f) => [f.id, f]));
  let gone = 0;
  const drivers: { label: string; value: number }[] = [];
  for (const id of new Set(binding.drivers)) {
    const f = byId.get(id);
    if (!f || f === start || f === end) {
      if (!f) gone++;
      continue;
    }
    const driverUnit = f.metric.unit.trim();
    let value = f.metric.value;
    if (BASIS_POINTS.test(driverUnit) && (percent || CHANGE_UNITS.test(unit))) value /= 100;
    else if (driverUnit && !CHANGE_UNITS.test(driverUnit) && driverUnit !== unit) units.add(driverUnit);
    drivers.push({ label: f.metric.name.trim(), value });
  }
  if (gone) notes.push(m.itemsGone(gone));
  if (units.size > 1) notes.push(m.mixedUnits([...units]));
  const change = end.metric.value - start.metric.value;
  const explained = drivers.reduce((sum, d) => sum + d.value, 0);
  const rest = change - explained;
  const tolerance = 1e-9 * Math.max(1, Math.abs(start.metric.value), Math.abs(end.metric.value));
  if (!drivers.length) drivers.push({ label: m.bridgeChange, value: change });
  else if (Math.abs(rest) > tolerance) {
    drivers.push({ label: m.other, value: Math.round(rest * 1e9) / 1e9 });
    notes.push(m.bridgeOther);
  }
  const period = (f: typeof start, fallback: string) => f.metric.period.trim() || fallback;
  const steps = [
    { label: period(start, m.bridgeStart), total: false, value: finite(start.metric.value) },
    ...drivers.map((d) => ({ label: d.label, total: false, value: finite(d.value) })),
    { label: period(end, m.bridgeEnd), total: true, value: null },
  ];
  const valueLabel = unit ? `${name} (${unit})` : name;
  return {
    rowLabels: steps.map((st) => st.label),
    colLabels: [valueLabel],
    values: steps.map((st, i) => [i === steps.length - 1 ? finite(end.metric.value) : st.value]),
    rowHeader: m.step,
    table: { columns: [m.step, valueLabel], rows: steps.map((st, i) => [st.label, formatValue(i === steps.length - 1 ? end.metric.value : st.value)]) },
    steps,
    category_label: m.step,
    value_label: valueLabel,
    message: null,
    notes,
  };
}

const EVIDENCE_TYPE_ORDER = ['file', 'url', 'interview'];

function evidenceMatrix(binding: Extract<Binding, { source: 'evidence' }>, evidence: readonly ChartEvidence[]): Raw {
  const linked = evidence.filter((e) => e.linkedDimensions.some((d) => (DIMENSIONS as readonly string[]).includes(d)));
  if (!linked.length) return emptyRaw(m.noEvidence);
  const notes: string[] = [];
  let columns: { label: string; items: ChartEvidence[] }[];
  if (binding.by === 'type') {
    const types = [...new Set(linked.map((e) => e.type))].sort((a, b) => (EVIDENCE_TYPE_ORDER.indexOf(a) + 1 || 99) - (EVIDENCE_TYPE_ORDER.indexOf(b) + 1 || 99));
    columns = types.map((t) => ({ label: m.evidenceTypes[t] ?? t, items: linked.filter((e) => e.type === t) }));
  } else {
    columns = linked.map((e) => ({ label: e.title || e.id, items: [e] }));
    if (columns.length > CHART_LIMITS.heatmapColumns) {
      notes.push(m.truncated(CHART_LIMITS.heatmapColumns, columns.length, m.columns));
      columns = columns.slice(0, CHART_LIMITS.heatmapColumns);
    }
  }
  const relevance = binding.measure === 'relevance';
  const cell = (items: ChartEvidence[], dimension: string): number | null => {
    const on = items.filter((e) => e.linkedDimensions.includes(dimension));
    if (!relevance) return on.length;
    const scores = on.map((e) => finite(e.relevanceScore)).filter((v): v is number => v !== null);
    if (!scores.length) return null;
    return Math.round((scores.reduce((s, v) => s + v, 0) / scores.length) * 1000) / 10;
  };
  const rowLabels = [...DIMENSIONS];
  const values = rowLabels.map((d) => columns.map((c) => cell(c.items, d)));
  const all = rowLabels.map((d) => cell(linked, d));
  const valueLabel = relevance ? m.meanRelevance : m.evidenceCount;
  return {
    rowLabels,
    colLabels: columns.map((c) => c.label),
    values,
    pie: all,
    rowHeader: m.dimension,
    table: { columns: [m.dimension, ...columns.map((c) => c.label)], rows: rowLabels.map((d, r) => [d, ...values[r]!.map(formatValue)]) },
    category_label: m.dimension,
    value_label: valueLabel,
    message: null,
    notes,
  };
}

function roadmap(binding: Extract<Binding, { source: 'roadmap' }>, data: WizardData): Raw {
  const phases = data.roadmap?.phases ?? DEFAULT_PHASES;
  const { items: shownPhases, gone } = chosen(phases, binding.phase_ids);
  const notes = gone ? [m.itemsGone(gone)] : [];
  const order = new Map(shownPhases.map((p, i) => [p.id, i]));
  const phaseName = new Map(phases.map((p) => [p.id, p.name]));
  const items = (data.roadmap?.items ?? [])
    .filter((i) => order.has(i.phase_id) || (!binding.phase_ids.length && !phaseName.has(i.phase_id)))
    .filter((i) => finite(i.start_month) !== null && finite(i.end_month) !== null && i.end_month > i.start_month)
    .sort((a, b) => (order.get(a.phase_id) ?? 99) - (order.get(b.phase_id) ?? 99) || a.start_month - b.start_month || a.end_month - b.end_month);
  if (!items.length) return emptyRaw(m.noRoadmap, notes);
  const tasks = items.map((i) => ({ id: i.id, name: i.title, start: i.start_month, end: i.end_month, group: phaseName.get(i.phase_id) ?? '–', owner: i.owner }));
  const groups = [...shownPhases.map((p) => p.name).filter((n) => tasks.some((t) => t.group === n)), ...(tasks.some((t) => t.group === '–') ? ['–'] : [])];
  const table = { columns: [m.action, m.phase, m.start, m.end, m.owner], rows: tasks.map((t) => [t.name, t.group, String(t.start), String(t.end), t.owner]) };
  return {
    ...emptyRaw(null, notes),
    rowLabels: tasks.map((t) => t.name),
    colLabels: [m.start, m.end],
    values: tasks.map((t) => [t.start, t.end]),
    rowHeader: m.action,
    table,
    tasks: { tasks, groups, table },
    category_label: m.action,
    value_label: m.month,
  };
}

function recommendations(binding: Extract<Binding, { source: 'recommendations' }>, data: WizardData): Raw {
  const { items, gone } = chosen(data.recommendations?.items ?? [], binding.ids);
  const notes = gone ? [m.itemsGone(gone)] : [];
  if (!items.length) return emptyRaw(m.noRecommendations, notes);
  const priorities = reportTexts.recommendations.priorities;
  const values = items.map((r) => [finite(r.impact), finite(r.effort)]);
  return {
    rowLabels: items.map((r) => r.title),
    colLabels: [m.impact, m.effort],
    values,
    rowHeader: m.recommendation,
    table: {
      columns: [m.recommendation, m.priority, m.impact, m.effort, m.owner],
      rows: items.map((r, i) => [r.title, priorities[r.priority] ?? r.priority, formatValue(values[i]![0]!), formatValue(values[i]![1]!), r.owner]),
    },
    category_label: m.recommendation,
    value_label: `${m.impact} / ${m.effort}`,
    message: null,
    notes,
  };
}

function typedTable(binding: TableBinding, type: VisualType): Raw {
  const columns = binding.columns.map((c) => c.trim());
  const rows = binding.rows
    .map((r) => columns.map((_, i) => (r[i] ?? '').trim()))
    .filter((r) => r.some((c) => c !== ''));
  if (!rows.length) return emptyRaw(m.emptyTable);
  const table = { columns, rows };
  // columns after the first that hold at least one number are series
  const numeric = columns.map((_, c) => c > 0 && rows.some((r) => parseCellNumber(r[c]!) !== null));
  const seriesCols = columns.map((_, c) => c).filter((c) => numeric[c]);
  const waterfall = type === 'waterfall';
  let notNumbers = 0;
  const values = rows.map((r) =>
    seriesCols.map((c) => {
      const v = parseCellNumber(r[c]!);
      if (v === null && r[c] !== '' && !(waterfall && isTotalCell(r[c]!))) notNumbers++;
      return v;
    }),
  );
  const notes = notNumbers ? [m.notNumbers(notNumbers)] : [];
  // a waterfall reads its second column: a number (the first is the start, then the steps) or e (a total)
  let steps: Raw['steps'];
  if (waterfall && columns.length >= 2) {
    steps = rows.flatMap((r, i): NonNullable<Raw['steps']> => {
      const cell = r[1]!;
      if (isTotalCell(cell)) return [{ label: r[0] || `#${i + 1}`, total: true, value: null }];
      const v = parseCellNumber(cell);
      return v === null ? [] : [{ label: r[0] || `#${i + 1}`, total: false, value: v }];
    });
    if (seriesCols.filter((c) => c !== 1).length) notes.push(m.firstColumnOnly(columns[1] || '#2'));
  }
  // a gantt reads task, start, end (and a group)
  let tasks: Raw['tasks'];
  if (columns.length >= 3) {
    let bad = 0;
    const list: GanttTask[] = [];
    rows.forEach((r, i) => {
      const start = parseCellNumber(r[1]!);
      const end = parseCellNumber(r[2]!);
      if (start === null || end === null || end <= start) {
        bad++;
        return;
      }
      list.push({ id: `row-${i + 1}`, name: r[0] || `#${i + 1}`, start, end, group: (r[3] ?? '').trim(), owner: '' });
    });
    const groups = [...new Set(list.map((t) => t.group))];
    tasks = {
      tasks: list,
      groups,
      table: { columns: columns.slice(0, 4), rows: list.map((t) => [t.name, String(t.start), String(t.end), ...(columns.length > 3 ? [t.group] : [])]) },
      ...(bad ? { note: m.badTasks(bad) } : {}),
    };
  }
  return {
    rowLabels: rows.map((r, i) => r[0] || `#${i + 1}`),
    colLabels: seriesCols.map((c) => columns[c] || `#${c + 1}`),
    values,
    rowHeader: columns[0] || m.label,
    table,
    tasks,
    steps,
    category_label: columns[0] ?? m.label,
    value_label: waterfall ? columns[1] || m.value : seriesCols.length === 1 ? (columns[seriesCols[0]!] ?? m.value) : m.value,
    message: seriesCols.length || steps?.length ? null : m.noNumbers,
    notes,
  };
}

/**
 * A range of a workbook's table, as the server resolved it (`table_data`): a series per row (the columns along the
 * axis: periods across) or per column. A waterfall reads the first series top to bottom: the start, then steps,
 * and a value equal to the running total is a subtotal.
 */
function workbookRange(binding: DataTableBinding, data: TableRangeData | undefined): Raw {
  if (!data) return emptyRaw(m.tableUnread);
  const byRow = binding.series === 'rows';
  const categories = byRow ? data.columns : data.rows;
  const names = byRow ? data.rows : data.columns;
  const values = categories.map((_, i) => names.map((_, j) => finite(byRow ? data.values[j]?.[i] : data.values[i]?.[j])));
  const sourceLine = rangeSourceLine(data);
  const notes = [...(data.problem ? [data.problem] : []), ...data.moves, ...(sourceLine ? [sourceLine] : [])];
  let level = 0;
  const steps = categories.flatMap((label, i): NonNullable<Raw['steps']> => {
    const v = values[i]![0] ?? null;
    if (v === null) return [];
    const total = i > 0 && Math.abs(v - level) <= 1e-6 * Math.max(1, Math.abs(v), Math.abs(level));
    level = i === 0 || total ? v : level + v;
    return [{ label, total, value: total ? null : v }];
  });
  const header = byRow ? m.period : m.label;
  const valueLabel = data.unit ? `${names.length === 1 ? names[0] : m.value} (${data.unit})` : names.length === 1 ? names[0]! : m.value;
  return {
    rowLabels: categories,
    colLabels: names,
    values,
    rowHeader: header,
    table: { columns: [header, ...names], rows: categories.map((c, i) => [c, ...values[i]!.map((v) => formatValue(v))]) },
    steps,
    sourceLine,
    category_label: header,
    value_label: valueLabel,
    message: values.some((r) => r.some((v) => v !== null)) ? null : (data.problem ?? m.noNumbers),
    notes,
  };
}

function rawOf(binding: Binding, source: ChartSource, type: VisualType, tableData?: TableRangeData): Raw {
  switch (binding.source) {
    case 'dimension-scores':
      return dimensionScores(binding, source.data);
    case 'metrics':
      return metrics(binding, source.data);
    case 'metric-bridge':
      return metricBridge(binding, source.data);
    case 'evidence':
      return evidenceMatrix(binding, source.evidence);
    case 'roadmap':
      return roadmap(binding, source.data);
    case 'recommendations':
      return recommendations(binding, source.data);
    case 'table':
      return typedTable(binding, type);
    case 'data-table':
      return workbookRange(binding, tableData);
  }
}

// ── shaping per chart type ────────────────────────────────────────────────────────────────────────────

function sortOrder(labels: readonly string[], key: readonly (number | null)[], sort: SortOrder): number[] {
  const idx = labels.map((_, i) => i);
  if (sort === 'label') return idx.sort((a, b) => labels[a]!.localeCompare(labels[b]!, 'en') || a - b);
  if (sort === 'asc' || sort === 'desc') {
    const dir = sort === 'asc' ? 1 : -1;
    return idx.sort((a, b) => {
      const va = key[a] ?? null;
      const vb = key[b] ?? null;
      if (va === null || vb === null) return (va === null ? 1 : 0) - (vb === null ? 1 : 0) || a - b;
      return (va - vb) * dir || a - b;
    });
  }
  return idx;
}

/** What a chart kind draws, with its text alternative (`columns`, `rows`); what it leaves out stays empty. */
type Drawn = Partial<Pick<ChartData, 'categories' | 'series' | 'tasks' | 'bars' | 'groups'>> & Pick<ChartData, 'columns' | 'rows'>;

/**
 * The result of every chart kind, and of a chart with nothing to draw: what it draws, its axis labels, its
 * message and notes. The currency is set once, by bindChartData.
 */
function chartData(drawn: Drawn, labels: Pick<ChartData, 'category_label' | 'value_label'>, notes: string[], message: string | null = null): ChartData {
  return {
    categories: drawn.categories ?? [],
    series: drawn.series ?? [],
    tasks: drawn.tasks ?? [],
    bars: drawn.bars ?? [],
    groups: drawn.groups ?? [],
    columns: drawn.columns,
    rows: drawn.rows,
    category_label: labels.category_label,
    value_label: labels.value_label,
    message,
    notes,
    currency: '',
    source: null,
  };
}

/** Nothing to draw: the message instead of a chart (and the source's table, when the message is the binding's). */
function empty(raw: Pick<Raw, 'category_label' | 'value_label' | 'notes'>, message: string, table?: { columns: string[]; rows: string[][] }): ChartData {
  return chartData({ columns: table?.columns ?? [], rows: table?.rows ?? [] }, raw, raw.notes, message);
}

/** Numbers as the visual's number format writes them (rows of the text alternative). */
type Fmt = (value: number | null, opts?: { signed?: boolean }) => string;

function shapeSeries(type: 'bar' | 'line', raw: Raw, sort: SortOrder, f: Fmt): ChartData {
  const notes = [...raw.notes];
  let order = sortOrder(raw.rowLabels, raw.values.map((r) => r[0] ?? null), sort);
  if (order.length > CHART_LIMITS.categories) {
    notes.push(m.truncated(CHART_LIMITS.categories, order.length, m.categories));
    order = order.slice(0, CHART_LIMITS.categories);
  }
  const categories = order.map((i) => raw.rowLabels[i]!);
  const series = raw.colLabels.map((name, c) => ({ name, values: order.map((i) => raw.values[i]![c] ?? null) }));
  const drawn = series.some((s) => s.values.some((v) => v !== null));
  if (!drawn) return empty({ ...raw, notes }, raw.message ?? m.noNumbers);
  if (type === 'line' && categories.length === 1) notes.push(m.onePoint);
  return chartData({ categories, series, columns: [raw.category_label, ...series.map((s) => s.name)], rows: categories.map((c, r) => [c, ...series.map((s) => f(s.values[r]!))]) }, raw, notes);
}

function shapePie(raw: Raw, sort: SortOrder, f: Fmt): ChartData {
  const notes = [...raw.notes];
  const values = raw.pie ?? raw.values.map((r) => r[0] ?? null);
  const positive = raw.rowLabels.map((_, i) => i).filter((i) => (values[i] ?? 0) > 0);
  const leftOut = raw.rowLabels.filter((_, i) => values[i] !== null && values[i]! < 0).length;
  if (leftOut) notes.push(m.pieLeftOut(leftOut));
  if (!positive.length) return empty({ ...raw, notes }, m.pieNothing);
  const sorted = sortOrder(raw.rowLabels, values, sort).filter((i) => positive.includes(i));
  let slices = sorted.map((i) => ({ label: raw.rowLabels[i]!, value: values[i]! }));
  if (slices.length > CHART_LIMITS.pieSlices) {
    const keep = new Set(
      [...slices]
        .sort((a, b) => b.value - a.value)
        .slice(0, CHART_LIMITS.pieSlices - 1)
        .map((s) => s),
    );
    const rest = slices.filter((s) => !keep.has(s));
    notes.push(m.otherGrouped(rest.length));
    slices = [...slices.filter((s) => keep.has(s)), { label: m.other, value: rest.reduce((s, r) => s + r.value, 0) }];
  }
  if (slices.length === 1) notes.push(m.oneSlice);
  const name = raw.pie ? m.all : (raw.colLabels[0] ?? m.value);
  return chartData(
    {
      categories: slices.map((s) => s.label),
      series: [{ name, values: slices.map((s) => s.value) }],
      columns: [raw.category_label, raw.pie ? raw.value_label : name],
      rows: slices.map((s) => [s.label, f(s.value)]),
    },
    raw,
    notes,
  );
}

function shapeHeatmap(raw: Raw, sort: SortOrder, f: Fmt): ChartData {
  const notes = [...raw.notes];
  let rows = sortOrder(raw.rowLabels, raw.values.map((r) => r[0] ?? null), sort);
  if (rows.length > CHART_LIMITS.heatmapRows) {
    notes.push(m.truncated(CHART_LIMITS.heatmapRows, rows.length, m.rows));
    rows = rows.slice(0, CHART_LIMITS.heatmapRows);
  }
  let cols = raw.colLabels.map((_, c) => c);
  if (cols.length > CHART_LIMITS.heatmapColumns) {
    notes.push(m.truncated(CHART_LIMITS.heatmapColumns, cols.length, m.columns));
    cols = cols.slice(0, CHART_LIMITS.heatmapColumns);
  }
  const series = rows.map((r) => ({ name: raw.rowLabels[r]!, values: cols.map((c) => raw.values[r]![c] ?? null) }));
  if (!series.some((s) => s.values.some((v) => v !== null))) return empty({ ...raw, notes }, raw.message ?? m.noNumbers);
  const categories = cols.map((c) => raw.colLabels[c]!);
  return chartData({ categories, series, columns: [raw.rowHeader, ...categories], rows: series.map((s) => [s.name, ...s.values.map((v) => f(v))]) }, raw, notes);
}


/** A share as the 100% charts label it: 40%, 12.5%. */
const shareFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
export function formatShare(part: number, whole: number): string {
  if (!(whole > 0)) return '–';
  return `${shareFormat.format((part / whole) * 100)}%`;
}

/** Stacked bars, 100% stacked bars and Mekko columns: categories of series that add up (a whole, for the last two). */
function shapeStacked(type: 'stacked' | 'stacked-100' | 'mekko', raw: Raw, sort: SortOrder, f: Fmt): ChartData {
  const notes = [...raw.notes];
  const whole = type !== 'stacked';
  let negatives = 0;
  const values = raw.values.map((row) =>
    raw.colLabels.map((_, c) => {
      const v = row[c] ?? null;
      if (whole && v !== null && v < 0) {
        negatives++;
        return null;
      }
      return v;
    }),
  );
  if (negatives) notes.push(m.negativesLeftOut(negatives));
  const totals = values.map((row) => row.reduce<number>((sum, v) => sum + (v ?? 0), 0));
  let order = sortOrder(raw.rowLabels, totals, sort).filter((i) => !whole || totals[i]! > 0);
  if (order.length > CHART_LIMITS.categories) {
    notes.push(m.truncated(CHART_LIMITS.categories, order.length, m.categories));
    order = order.slice(0, CHART_LIMITS.categories);
  }
  const categories = order.map((i) => raw.rowLabels[i]!);
  const series = raw.colLabels.map((name, c) => ({ name, values: order.map((i) => values[i]![c] ?? null) }));
  if (!series.some((s) => s.values.some((v) => v !== null && v !== 0))) return empty({ ...raw, notes }, raw.message ?? (whole ? m.partsNothing : m.noNumbers));
  if (series.length === 1) notes.push(m.oneSeries);
  const cell = (v: number | null, r: number) => (whole && v !== null ? `${f(v)} (${formatShare(v, totals[order[r]!]!)})` : f(v));
  return chartData(
    {
      categories,
      series,
      columns: [raw.category_label, ...series.map((s) => s.name), m.total],
      rows: categories.map((c, r) => [c, ...series.map((s) => cell(s.values[r]!, r)), f(totals[order[r]!]!)]),
    },
    raw,
    notes,
  );
}

/**
 * A waterfall: the first number is the start (a total standing on zero), every later number a step from the
 * running total, each `e` a total of everything above it (a subtotal, or the end when it is last).
 */
export function waterfallBars(steps: readonly { label: string; total: boolean; value: number | null }[]): WaterfallBar[] {
  const bars: WaterfallBar[] = [];
  let level = 0;
  let started = false;
  for (const st of steps) {
    if (st.total) {
      bars.push({ label: st.label, kind: 'total', value: level, from: 0, to: level });
      started = true;
    } else if (st.value !== null) {
      if (!started) {
        level = st.value;
        bars.push({ label: st.label, kind: 'total', value: level, from: 0, to: level });
        started = true;
      } else {
        const next = Math.round((level + st.value) * 1e9) / 1e9;
        bars.push({ label: st.label, kind: st.value < 0 ? 'decrease' : 'increase', value: st.value, from: level, to: next });
        level = next;
      }
    }
  }
  return bars;
}

function shapeWaterfall(raw: Raw, f: Fmt): ChartData {
  const notes = [...raw.notes];
  const steps = raw.steps ?? raw.rowLabels.map((label, i) => ({ label, total: false, value: raw.values[i]?.[0] ?? null }));
  let bars = waterfallBars(steps);
  if (!bars.length) return empty({ ...raw, notes }, raw.message ?? m.noNumbers);
  if (bars.length > CHART_LIMITS.categories) {
    notes.push(m.truncated(CHART_LIMITS.categories, bars.length, m.bars));
    bars = bars.slice(0, CHART_LIMITS.categories);
  }
  return chartData(
    {
      categories: bars.map((b) => b.label),
      series: [{ name: raw.value_label, values: bars.map((b) => b.value) }],
      bars,
      columns: [raw.category_label, raw.value_label],
      rows: bars.map((b) => [b.label, f(b.value, { signed: b.kind !== 'total' })]),
    },
    raw,
    notes,
  );
}

function shapeTable(raw: Raw, sort: SortOrder): ChartData {
  const notes = [...raw.notes];
  let order = sortOrder(raw.rowLabels, raw.values.map((r) => r[0] ?? null), sort);
  if (order.length > CHART_LIMITS.tableRows) {
    notes.push(m.truncated(CHART_LIMITS.tableRows, order.length, m.rows));
    order = order.slice(0, CHART_LIMITS.tableRows);
  }
  const rows = order.map((i) => raw.table.rows[i]!).filter(Boolean);
  return chartData(
    {
      categories: order.map((i) => raw.rowLabels[i]!),
      series: raw.colLabels.map((name, c) => ({ name, values: order.map((i) => raw.values[i]?.[c] ?? null) })),
      columns: raw.table.columns,
      rows,
    },
    raw,
    notes,
  );
}

function shapeGantt(raw: Raw, sort: SortOrder): ChartData {
  const notes = [...raw.notes];
  const t = raw.tasks;
  if (!t) return empty(raw, m.ganttColumns);
  if (t.note) notes.push(t.note);
  if (!t.tasks.length) return empty({ ...raw, notes }, raw.source === 'table' ? m.ganttColumns : m.noRoadmap);
  const idx = t.tasks.map((_, i) => i);
  if (sort === 'label') idx.sort((a, b) => t.tasks[a]!.name.localeCompare(t.tasks[b]!.name, 'en') || a - b);
  if (sort === 'asc') idx.sort((a, b) => t.tasks[a]!.start - t.tasks[b]!.start || a - b);
  if (sort === 'desc') idx.sort((a, b) => t.tasks[b]!.end - t.tasks[a]!.end || a - b);
  let shown = idx;
  if (shown.length > CHART_LIMITS.tasks) {
    notes.push(m.truncated(CHART_LIMITS.tasks, shown.length, m.tasks));
    shown = shown.slice(0, CHART_LIMITS.tasks);
  }
  const tasks = shown.map((i) => t.tasks[i]!);
  return chartData(
    {
      categories: tasks.map((x) => x.name),
      tasks,
      groups: t.groups.filter((g) => tasks.some((x) => x.group === g)),
      columns: t.table.columns,
      rows: shown.map((i) => t.table.rows[i]!),
    },
    { category_label: raw.category_label || m.action, value_label: m.month },
    notes,
  );
}

/** What of a visual its data comes from: a chart bound to a workbook's table carries the data its range gave. */
export type ChartedVisual = Pick<Visual, 'type' | 'binding' | 'options'> & Partial<Pick<Visual, 'table_data'>>;

/** The data a visual draws from the report as it is now. Never throws: odd data gives a message or notes. */
export function bindChartData(visual: ChartedVisual, source: ChartSource): ChartData {
  const currency = chartCurrency(source.data);
  return { ...shape(visual, source, currency), currency };
}

/** The client's currency for the currency number format: the report's setup, else the default. */
export const chartCurrency = (data: WizardData): string => data.setup?.currency?.trim().toUpperCase() || SETUP_DEFAULTS.currency;

function shape(visual: ChartedVisual, source: ChartSource, currency: string): ChartData {
  const raw: Raw = { ...rawOf(visual.binding, source, visual.type, visual.table_data), source: visual.binding.source };
  return { ...shapeRaw(visual, raw, currency), source: raw.sourceLine ?? null };
}

function shapeRaw(visual: ChartedVisual, raw: Raw, currency: string): ChartData {
  const sort = visual.options?.sort ?? 'none';
  const format: FormatOptions = { ...AUTO_FORMAT, ...visual.options };
  const f: Fmt = (v, opts) => formatNumber(v, format, currency, opts);
  if (raw.message && !(visual.type === 'table' && raw.table.rows.length) && !(visual.type === 'gantt' && raw.tasks?.tasks.length)) {
    return empty(raw, raw.message, raw.table.rows.length ? raw.table : undefined);
  }
  const type: VisualType = visual.type;
  switch (type) {
    case 'bar':
    case 'line':
      return shapeSeries(type, raw, sort, f);
    case 'pie':
      return shapePie(raw, sort, f);
    case 'heatmap':
      return shapeHeatmap(raw, sort, f);
    case 'table':
      return shapeTable(raw, sort);
    case 'gantt':
      return shapeGantt(raw, sort);
    case 'stacked':
    case 'stacked-100':
    case 'mekko':
      return shapeStacked(type, raw, sort, f);
    case 'waterfall':
      return shapeWaterfall(raw, f);
  }
}

/**
 * Why a binding does not fit the report's data (a metric, finding, recommendation or phase it names does not
 * exist), or null. The server refuses such a visual when it is saved; later changes to the report make the
 * chart say what is missing instead.
 */
export function bindingProblem(binding: Binding, source: ChartSource): string | null {
  const data = source.data;
  switch (binding.source) {
    case 'metrics': {
      const findings = data.findings?.findings ?? [];
      const byId = new Map(findings.map((f) => [f.id, f]));
      for (const id of binding.finding_ids) {
        const f = byId.get(id);
        if (!f) return visualsDetails.bindingUnknownFinding(id);
        if (!f.metric) return visualsDetails.bindingFindingWithoutMetric(id);
      }
      const pool = binding.finding_ids.length ? binding.finding_ids.map((id) => byId.get(id)!) : findings;
      if (binding.metric.trim() && !pool.some((f) => f.metric && sameName(f.metric.name, binding.metric))) return visualsDetails.bindingUnknownMetric(binding.metric.trim());
      return null;
    }
    case 'metric-bridge': {
      const all = withMetric(data);
      const name = binding.metric.trim();
      if (name && !all.some((f) => sameName(f.metric.name, name))) return visualsDetails.bindingUnknownMetric(name);
      const metric = name || bridgeableMetrics(data)[0] || '';
      const byId = new Map(all.map((f) => [f.id, f]));
      for (const field of ['from', 'to'] as const) {
        const id = binding[field];
        if (id === undefined) continue;
        const f = byId.get(id);
        if (!f) return visualsDetails.bindingBridgeFinding(field, id);
        if (!sameName(f.metric.name, metric)) return visualsDetails.bindingBridgeNotMetric(field, id, metric);
      }
      const unknown = binding.drivers.find((id) => !byId.has(id));
      return unknown ? visualsDetails.bindingBridgeFinding('drivers', unknown) : null;
    }
    case 'recommendations': {
      const known = new Set((data.recommendations?.items ?? []).map((r) => r.id));
      const unknown = binding.ids.find((id) => !known.has(id));
      return unknown ? visualsDetails.bindingUnknownRecommendation(unknown) : null;
    }
    case 'roadmap': {
      const known = new Set((data.roadmap?.phases ?? DEFAULT_PHASES).map((p) => p.id));
      const unknown = binding.phase_ids.find((id) => !known.has(id));
      return unknown ? visualsDetails.bindingUnknownPhase(unknown) : null;
    }
    default:
      return null;
  }
}

/** The distinct metric names of a report's findings (for the builder's metric choice). */
export function metricNames(data: WizardData): string[] {
  const names: string[] = [];
  for (const f of data.findings?.findings ?? []) {
    const n = f.metric?.name.trim();
    if (n && !names.some((x) => sameName(x, n))) names.push(n);
  }
  return names;
}
