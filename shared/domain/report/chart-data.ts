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
import { details, messages } from '../../messages';
import { DIMENSIONS } from '../../schemas/analysis';
import { DEFAULT_PHASES } from '../../schemas/report-document';
import type { WizardData } from '../../schemas/wizard';
import type { Binding, ChartEvidence, SortOrder, TableBinding, Visual, VisualType } from '../../schemas/visuals';

const m = messages.visuals.chart;

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

export interface ChartData {
  /** bar/line: the category axis; pie: the slices; heatmap: the columns */
  categories: string[];
  /** bar/line: one per series; pie: one; heatmap: one per row (its name labels the row) */
  series: ChartSeries[];
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
}

/** How much one chart draws; more is cut with a note (the text alternative lists what is drawn). */
export const CHART_LIMITS = { categories: 40, pieSlices: 12, heatmapRows: 40, heatmapColumns: 40, tableRows: 30, tasks: 40 } as const;
/** Numbers beyond this are not drawn (a chart of them says nothing; they also break axis arithmetic). */
export const MAX_CHART_VALUE = 1e15;

/** A number as the text alternative and the table show it. */
export function formatValue(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '–';
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= MAX_CHART_VALUE ? v : null);

const NUMBER_CELL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d{1,3})?$/i;
const GROUPED = /^[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;

/** A typed cell as a number: `1,234.5`, `-3`, `12%`, `1e6`; anything else (text, NaN, Infinity, huge) is null. */
export function parseCellNumber(cell: string): number | null {
  let s = cell.trim();
  if (!s || s.length > 40) return null;
  if (s.endsWith('%')) s = s.slice(0, -1).trim();
  if (GROUPED.test(s)) s = s.replace(/,/g, '');
  if (!NUMBER_CELL.test(s)) return null;
  return finite(Number(s));
}

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
  /** the binding's source */
  source?: Binding['source'];
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
  const priorities = messages.report.recommendations.priorities;
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

function typedTable(binding: TableBinding): Raw {
  const columns = binding.columns.map((c) => c.trim());
  const rows = binding.rows
    .map((r) => columns.map((_, i) => (r[i] ?? '').trim()))
    .filter((r) => r.some((c) => c !== ''));
  if (!rows.length) return emptyRaw(m.emptyTable);
  const table = { columns, rows };
  // columns after the first that hold at least one number are series
  const numeric = columns.map((_, c) => c > 0 && rows.some((r) => parseCellNumber(r[c]!) !== null));
  const seriesCols = columns.map((_, c) => c).filter((c) => numeric[c]);
  let notNumbers = 0;
  const values = rows.map((r) =>
    seriesCols.map((c) => {
      const v = parseCellNumber(r[c]!);
      if (v === null && r[c] !== '') notNumbers++;
      return v;
    }),
  );
  const notes = notNumbers ? [m.notNumbers(notNumbers)] : [];
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
    category_label: columns[0] ?? m.label,
    value_label: seriesCols.length === 1 ? (columns[seriesCols[0]!] ?? m.value) : m.value,
    message: seriesCols.length ? null : m.noNumbers,
    notes,
  };
}

function rawOf(binding: Binding, source: ChartSource): Raw {
  switch (binding.source) {
    case 'dimension-scores':
      return dimensionScores(binding, source.data);
    case 'metrics':
      return metrics(binding, source.data);
    case 'evidence':
      return evidenceMatrix(binding, source.evidence);
    case 'roadmap':
      return roadmap(binding, source.data);
    case 'recommendations':
      return recommendations(binding, source.data);
    case 'table':
      return typedTable(binding);
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

function empty(raw: Pick<Raw, 'category_label' | 'value_label' | 'notes'>, message: string, table?: { columns: string[]; rows: string[][] }): ChartData {
  return {
    categories: [],
    series: [],
    tasks: [],
    groups: [],
    columns: table?.columns ?? [],
    rows: table?.rows ?? [],
    category_label: raw.category_label,
    value_label: raw.value_label,
    message,
    notes: raw.notes,
  };
}

function shapeSeries(type: 'bar' | 'line', raw: Raw, sort: SortOrder): ChartData {
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
  return {
    categories,
    series,
    tasks: [],
    groups: [],
    columns: [raw.category_label, ...series.map((s) => s.name)],
    rows: categories.map((c, r) => [c, ...series.map((s) => formatValue(s.values[r]!))]),
    category_label: raw.category_label,
    value_label: raw.value_label,
    message: null,
    notes,
  };
}

function shapePie(raw: Raw, sort: SortOrder): ChartData {
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
  return {
    categories: slices.map((s) => s.label),
    series: [{ name, values: slices.map((s) => s.value) }],
    tasks: [],
    groups: [],
    columns: [raw.category_label, raw.pie ? raw.value_label : name],
    rows: slices.map((s) => [s.label, formatValue(s.value)]),
    category_label: raw.category_label,
    value_label: raw.value_label,
    message: null,
    notes,
  };
}

function shapeHeatmap(raw: Raw, sort: SortOrder): ChartData {
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
  return {
    categories,
    series,
    tasks: [],
    groups: [],
    columns: [raw.rowHeader, ...categories],
    rows: series.map((s) => [s.name, ...s.values.map(formatValue)]),
    category_label: raw.category_label,
    value_label: raw.value_label,
    message: null,
    notes,
  };
}

function shapeTable(raw: Raw, sort: SortOrder): ChartData {
  const notes = [...raw.notes];
  let order = sortOrder(raw.rowLabels, raw.values.map((r) => r[0] ?? null), sort);
  if (order.length > CHART_LIMITS.tableRows) {
    notes.push(m.truncated(CHART_LIMITS.tableRows, order.length, m.rows));
    order = order.slice(0, CHART_LIMITS.tableRows);
  }
  const rows = order.map((i) => raw.table.rows[i]!).filter(Boolean);
  return {
    categories: order.map((i) => raw.rowLabels[i]!),
    series: raw.colLabels.map((name, c) => ({ name, values: order.map((i) => raw.values[i]?.[c] ?? null) })),
    tasks: [],
    groups: [],
    columns: raw.table.columns,
    rows,
    category_label: raw.category_label,
    value_label: raw.value_label,
    message: null,
    notes,
  };
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
  return {
    categories: tasks.map((x) => x.name),
    series: [],
    tasks,
    groups: t.groups.filter((g) => tasks.some((x) => x.group === g)),
    columns: t.table.columns,
    rows: shown.map((i) => t.table.rows[i]!),
    category_label: raw.category_label || m.action,
    value_label: m.month,
    message: null,
    notes,
  };
}

/** The data a visual draws from the report as it is now. Never throws: odd data gives a message or notes. */
export function bindChartData(visual: Pick<Visual, 'type' | 'binding' | 'options'>, source: ChartSource): ChartData {
  const raw: Raw = { ...rawOf(visual.binding, source), source: visual.binding.source };
  const sort = visual.options?.sort ?? 'none';
  if (raw.message && !(visual.type === 'table' && raw.table.rows.length) && !(visual.type === 'gantt' && raw.tasks?.tasks.length)) {
    return empty(raw, raw.message, raw.table.rows.length ? raw.table : undefined);
  }
  const type: VisualType = visual.type;
  switch (type) {
    case 'bar':
    case 'line':
      return shapeSeries(type, raw, sort);
    case 'pie':
      return shapePie(raw, sort);
    case 'heatmap':
      return shapeHeatmap(raw, sort);
    case 'table':
      return shapeTable(raw, sort);
    case 'gantt':
      return shapeGantt(raw, sort);
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
        if (!f) return details.bindingUnknownFinding(id);
        if (!f.metric) return details.bindingFindingWithoutMetric(id);
      }
      const pool = binding.finding_ids.length ? binding.finding_ids.map((id) => byId.get(id)!) : findings;
      if (binding.metric.trim() && !pool.some((f) => f.metric && sameName(f.metric.name, binding.metric))) return details.bindingUnknownMetric(binding.metric.trim());
      return null;
    }
    case 'recommendations': {
      const known = new Set((data.recommendations?.items ?? []).map((r) => r.id));
      const unknown = binding.ids.find((id) => !known.has(id));
      return unknown ? details.bindingUnknownRecommendation(unknown) : null;
    }
    case 'roadmap': {
      const known = new Set((data.roadmap?.phases ?? DEFAULT_PHASES).map((p) => p.id));
      const unknown = binding.phase_ids.find((id) => !known.has(id));
      return unknown ? details.bindingUnknownPhase(unknown) : null;
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
