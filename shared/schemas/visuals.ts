/**
 * Visuals (DESIGN.md "The report document" → "Visuals"): a chart is data. `binding` names where its numbers
 * come from in the report, so a chart follows the report when it changes; a typed (or pasted) table is the
 * chart's own. One model, three renderers: the web page (ECharts), SVG/PNG on the server (the same ECharts
 * option, SSR) and native PowerPoint charts where PowerPoint has the type.
 *
 * Every list, number and string is bounded: the largest visual the schema allows (a datasheet of 12 columns ×
 * 100 rows, 1,200 cells of 80 characters) stays well inside one DynamoDB item and one request body.
 */
import * as z from 'zod/mini';
import { cellProblems } from '../domain/report/cells';
import { visualsDetails } from '../messages/visuals';
import { describeType, uuidField } from './common';
import { boundedInt, ItemId, text } from './report-document';

export const VISUAL_TYPES = ['bar', 'line', 'pie', 'heatmap', 'table', 'gantt', 'stacked', 'stacked-100', 'waterfall', 'mekko'] as const;
export type VisualType = (typeof VISUAL_TYPES)[number];
const VisualTypeField = z.enum(VISUAL_TYPES, { error: `type must be one of: ${VISUAL_TYPES.join(', ')}` });

/** The spec's visual status: completed or draft. */
export const VISUAL_STATUSES = ['completed', 'draft'] as const;
export type VisualStatus = (typeof VISUAL_STATUSES)[number];
const VisualStatusField = z.enum(VISUAL_STATUSES, { error: `status must be one of: ${VISUAL_STATUSES.join(', ')}` });

// ── bindings: where the numbers come from ──────────────────────────────────────────────────────────────

export const BINDING_SOURCES = ['dimension-scores', 'metrics', 'metric-bridge', 'evidence', 'roadmap', 'recommendations', 'table', 'data-table'] as const;
export type BindingSource = (typeof BINDING_SOURCES)[number];

/** A typed or pasted table (the datasheet): at most this many columns, rows, cells and characters per cell. */
export const TABLE_LIMITS = { columns: 12, rows: 100, cells: 1200, cellChars: 80 } as const;
/**
 * What is parsed at all before the datasheet's own limits are checked (one clear message for a datasheet that
 * is too large, instead of one per row); the body limit stops anything much larger first.
 */
const TABLE_PARSE_CAPS = { columns: 200, rows: 2000 } as const;
/** The largest create/update body: the largest table, escaped, with room to spare. */
export const VISUAL_BODY_BYTES = 512 * 1024;
/** Visuals one report may hold. */
export const MAX_VISUALS_PER_REPORT = 100;

const ids = (field: string, max: number) =>
  z._default(z.array(ItemId, { error: `${field} must be a list of ids` }).check(z.maxLength(max, `${field} may hold at most ${max} ids`)), []);

/** The six dimension scores of Findings & Analysis (0–100). */
const DimensionScoresBinding = z.object({
  source: z.literal('dimension-scores'),
  /** dimensions marked out of scope are left out unless asked for */
  include_out_of_scope: z._default(z.boolean({ error: 'binding.include_out_of_scope must be true or false' }), false),
});

/** The findings' metrics table; with `metric`, one metric over its periods (a line over time). */
const MetricsBinding = z.object({
  source: z.literal('metrics'),
  metric: z._default(text('binding.metric', 120), ''),
  /** only these findings' metrics (empty: all) */
  finding_ids: ids('binding.finding_ids', 200),
});

export const EVIDENCE_MEASURES = ['count', 'relevance'] as const;
export const EVIDENCE_GROUPINGS = ['type', 'item'] as const;

/** Evidence by dimension, counted or by mean relevance, per source type (file, URL, interview) or per item. */
const EvidenceBinding = z.object({
  source: z.literal('evidence'),
  measure: z._default(z.enum(EVIDENCE_MEASURES, { error: `binding.measure must be one of: ${EVIDENCE_MEASURES.join(', ')}` }), 'count'),
  by: z._default(z.enum(EVIDENCE_GROUPINGS, { error: `binding.by must be one of: ${EVIDENCE_GROUPINGS.join(', ')}` }), 'type'),
});

/**
 * A bridge (waterfall) of one metric between two findings that measure it (gross margin 41% in FY2023 → 36.5%
 * in FY2024): the start, the drivers (findings whose metric is a change of it, in the order given), a step
 * "Other" for what the drivers leave unexplained, and the end. Without `from`/`to`: the metric's first and
 * last finding; an empty `metric`: the first metric measured twice.
 */
export const MetricBridgeBinding = z.object({
  source: z.literal('metric-bridge'),
  metric: z._default(text('binding.metric', 120), ''),
  from: z.optional(ItemId),
  to: z.optional(ItemId),
  drivers: ids('binding.drivers', 20),
});

/** The roadmap's actions, by phase (a gantt). */
const RoadmapBinding = z.object({
  source: z.literal('roadmap'),
  /** only these phases (empty: all) */
  phase_ids: ids('binding.phase_ids', 12),
});

/** Recommendations with their priority, impact and effort. */
const RecommendationsBinding = z.object({
  source: z.literal('recommendations'),
  /** only these recommendations (empty: all) */
  ids: ids('binding.ids', 100),
});

const cell = (field: string) => text(field, TABLE_LIMITS.cellChars);

/**
 * A datasheet the user typed or pasted: the first column labels the rows, the others hold numbers (which cells
 * must be numbers depends on the chart type: see shared/domain/report/cells.ts; the visual body checks them).
 */
export const TableBinding = z
  .object({
    source: z.literal('table'),
    columns: z
      .array(cell('binding.columns cell'), { error: 'binding.columns must be a list of column headings' })
      .check(
        z.minLength(1, 'binding.columns needs at least one column heading'),
        z.maxLength(TABLE_PARSE_CAPS.columns, visualsDetails.datasheetTooLarge(TABLE_LIMITS)),
      ),
    rows: z
      .array(
        z
          .array(cell('binding.rows cell'), { error: 'binding.rows must be a list of rows, each a list of cells' })
          .check(z.maxLength(TABLE_PARSE_CAPS.columns, visualsDetails.datasheetTooLarge(TABLE_LIMITS))),
        { error: 'binding.rows must be a list of rows, each a list of cells' },
      )
      .check(z.maxLength(TABLE_PARSE_CAPS.rows, visualsDetails.datasheetTooLarge(TABLE_LIMITS))),
  })
  .check(
    z.refine((t) => t.columns.length <= TABLE_LIMITS.columns && t.rows.length <= TABLE_LIMITS.rows && t.rows.every((r) => r.length <= TABLE_LIMITS.columns), {
      error: (iss) => {
        const t = iss.input as { columns: string[]; rows: string[][] };
        const columns = Math.max(t.columns.length, ...t.rows.map((r) => r.length));
        return visualsDetails.datasheetTooLarge(TABLE_LIMITS, { columns, rows: t.rows.length });
      },
      abort: true,
    }),
    z.refine((t) => t.rows.every((r) => r.length <= t.columns.length), {
      error: 'every row of binding.rows must have no more cells than binding.columns has headings',
    }),
  );

/** A range of a workbook's table holds at most this many rows and columns (what one chart draws). */
export const DATA_RANGE_LIMITS = { rows: 40, columns: 40, label: 300 } as const;
/** A chart bound to a table range draws a series per row (periods along the axis) or per column. */
export const DATA_SERIES_IN = ['rows', 'columns'] as const;
export type DataSeriesIn = (typeof DATA_SERIES_IN)[number];

/** A row of a table range: its label path (outside in: a section, then its own label) and its sheet row when last matched. */
const DataRangeRow = z.object({
  label: text('binding.rows label', DATA_RANGE_LIMITS.label, { min: 1 }),
  path: z._default(z.array(text('binding.rows path', DATA_RANGE_LIMITS.label), { error: 'binding.rows path must be a list of labels' }).check(z.maxLength(6, 'binding.rows path holds at most 6 labels')), []),
  row: boundedInt('binding.rows row', 1, 9_999_999),
});
/** A column of a table range: its header label and its column letter when last matched. */
const DataRangeColumn = z.object({
  label: text('binding.columns label', DATA_RANGE_LIMITS.label, { min: 1 }),
  letter: z.string({ error: 'binding.columns letter must be a column letter' }).check(z.regex(/^[A-Z]{1,3}$/, 'binding.columns letter must be a column letter (A to XFD)')),
});

/**
 * A range of a table of one of the report's workbooks or CSV files (think-cell's datasheet link): rows and
 * columns chosen by their labels. The range follows the newest file of the same name in the report: when a new
 * version is uploaded, its rows and columns are found again by their labels (shared/domain/data-room/table-range.ts).
 * `row` and `letter` are where each label was when the visual was saved; the server keeps them current on save.
 */
export const DataTableBinding = z.object({
  source: z.literal('data-table'),
  evidence_id: ItemId,
  file_name: text('binding.file_name', 255, { min: 1 }),
  table_id: z.string({ error: 'binding.table_id must be a table id like t1' }).check(z.regex(/^t\d{1,4}$/, 'binding.table_id must be a table id like t1')),
  series: z._default(z.enum(DATA_SERIES_IN, { error: `binding.series must be one of: ${DATA_SERIES_IN.join(', ')}` }), 'rows'),
  rows: z
    .array(DataRangeRow, { error: 'binding.rows must be a list of rows' })
    .check(z.minLength(1, 'binding.rows needs at least one row'), z.maxLength(DATA_RANGE_LIMITS.rows, `binding.rows may hold at most ${DATA_RANGE_LIMITS.rows} rows`)),
  columns: z
    .array(DataRangeColumn, { error: 'binding.columns must be a list of columns' })
    .check(z.minLength(1, 'binding.columns needs at least one column'), z.maxLength(DATA_RANGE_LIMITS.columns, `binding.columns may hold at most ${DATA_RANGE_LIMITS.columns} columns`)),
});
export type DataTableBinding = z.infer<typeof DataTableBinding>;

/**
 * The data a table range gives, resolved by the server when the visual is read, drawn or exported (never sent by
 * the client): the values (rows × columns, in the binding's order), where they are (`P&L!B6:E14`), whether they
 * are current and what moved since the visual was saved. The stored visual keeps the last data resolved, which a
 * chart whose label is gone from the newest file shows, marked not current.
 */
export const TableRangeData = z.object({
  /** the item the values were read from (the newest file of the binding's name) */
  evidence_id: z.string(),
  file_name: z.string(),
  table_id: z.string(),
  sheet: z.string(),
  /** the smallest range holding every value read: `P&L!B6:E14` */
  range: z.string(),
  rows: z.array(z.string()),
  columns: z.array(z.string()),
  values: z.array(z.array(z.nullable(z.number()))),
  /** the unit the table states (`£m`), or '' */
  unit: z.string(),
  /** false: a label is gone from the newest file, and these are the last values read */
  current: z.boolean(),
  /** what moved since the visual was saved ("Freight moved from row 14 to row 15") */
  moves: z.array(z.string()),
  /** why the values are not current, or null */
  problem: z.nullable(z.string()),
});
export type TableRangeData = z.infer<typeof TableRangeData>;

export const Binding = z.discriminatedUnion('source', [DimensionScoresBinding, MetricsBinding, MetricBridgeBinding, EvidenceBinding, RoadmapBinding, RecommendationsBinding, TableBinding, DataTableBinding], {
  error: (iss) =>
    iss.input === undefined
      ? 'binding is required'
      : typeof iss.input !== 'object' || iss.input === null || Array.isArray(iss.input)
        ? `binding must be an object naming its source, not ${describeType(iss.input)}`
        : `binding.source must be one of: ${BINDING_SOURCES.join(', ')}`,
});
export type Binding = z.infer<typeof Binding>;
export type TableBinding = z.infer<typeof TableBinding>;
export type MetricBridgeBinding = z.infer<typeof MetricBridgeBinding>;

/** Which data each chart type can draw (the builder offers only these; the server refuses the others). */
export const BINDINGS_FOR_TYPE: Record<VisualType, readonly BindingSource[]> = {
  bar: ['dimension-scores', 'metrics', 'evidence', 'recommendations', 'table', 'data-table'],
  line: ['dimension-scores', 'metrics', 'evidence', 'table', 'data-table'],
  pie: ['dimension-scores', 'metrics', 'evidence', 'table', 'data-table'],
  heatmap: ['evidence', 'table', 'data-table'],
  table: ['dimension-scores', 'metrics', 'evidence', 'roadmap', 'recommendations', 'table', 'data-table'],
  gantt: ['roadmap', 'table'],
  stacked: ['evidence', 'recommendations', 'table', 'data-table'],
  'stacked-100': ['evidence', 'table', 'data-table'],
  waterfall: ['metric-bridge', 'table', 'data-table'],
  mekko: ['evidence', 'table', 'data-table'],
};

const BINDING_LABELS: Record<BindingSource, string> = {
  'dimension-scores': 'dimension scores',
  metrics: 'the findings’ metrics',
  'metric-bridge': 'a bridge of a metric',
  evidence: 'evidence by dimension',
  roadmap: 'roadmap items',
  recommendations: 'recommendations',
  table: 'a typed table',
  'data-table': 'a table of a workbook',
};

/** A chart type as the server's messages say it ("a … chart"). */
const TYPE_WORDS: Record<VisualType, string> = {
  bar: 'bar',
  line: 'line',
  pie: 'pie',
  heatmap: 'heatmap',
  table: 'table',
  gantt: 'gantt',
  stacked: 'stacked bar',
  'stacked-100': '100% stacked bar',
  waterfall: 'waterfall',
  mekko: 'Mekko',
};

/** Why this chart type cannot draw this binding, or null when it can. */
function typeBindingProblem(type: VisualType, binding: Binding): string | null {
  const allowed = BINDINGS_FOR_TYPE[type];
  if (!allowed.includes(binding.source)) {
    return `a ${TYPE_WORDS[type]} chart cannot show ${BINDING_LABELS[binding.source]}; it can show: ${allowed.map((s) => BINDING_LABELS[s]).join(', ')}`;
  }
  if ((type === 'pie' || type === 'stacked-100' || type === 'mekko') && binding.source === 'evidence' && binding.measure !== 'count') {
    return `a ${TYPE_WORDS[type]} chart shows parts of a whole: bind it to the evidence count, not the mean relevance`;
  }
  return null;
}

// ── options: how it looks ──────────────────────────────────────────────────────────────────────────────

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const SORT_ORDERS = ['none', 'asc', 'desc', 'label'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
const ORIENTATIONS = ['vertical', 'horizontal'] as const;
/** How numbers read on the chart (labels, axis) and in its data table: auto is as typed. */
export const NUMBER_FORMATS = ['auto', 'number', 'percent', 'currency'] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];
/** Numbers shown in thousands (k), millions (m) or billions (bn). */
export const NUMBER_SCALES = ['none', 'thousands', 'millions', 'billions'] as const;
export type NumberScale = (typeof NUMBER_SCALES)[number];
export const MAX_DECIMALS = 4;

export const VisualOptions = z.object({
  /** series (or slice) colours in order; empty: the report's brand */
  colors: z._default(
    z
      .array(z.string({ error: 'options.colors must be colours like #1e293b' }).check(z.regex(HEX_COLOR, 'options.colors must be colours like #1e293b')), {
        error: 'options.colors must be a list of colours',
      })
      .check(z.maxLength(12, 'options.colors may hold at most 12 colours')),
    [],
  ),
  /** category axis title (empty: from the data) */
  x_label: z._default(text('options.x_label', 80), ''),
  /** value axis title (empty: from the data) */
  y_label: z._default(text('options.y_label', 80), ''),
  /** none: the data's own order; asc/desc: by the first series' value; label: alphabetical */
  sort: z._default(z.enum(SORT_ORDERS, { error: `options.sort must be one of: ${SORT_ORDERS.join(', ')}` }), 'none'),
  /** bar charts: vertical columns or horizontal bars */
  orientation: z._default(z.enum(ORIENTATIONS, { error: `options.orientation must be one of: ${ORIENTATIONS.join(', ')}` }), 'vertical'),
  /** a label on each bar, segment, point or slice */
  show_values: z._default(z.boolean({ error: 'options.show_values must be true or false' }), false),
  show_legend: z._default(z.boolean({ error: 'options.show_legend must be true or false' }), true),
  /** percent: the numbers are percentages (41 reads 41%); currency: in the client's currency (setup) */
  number_format: z._default(z.enum(NUMBER_FORMATS, { error: `options.number_format must be one of: ${NUMBER_FORMATS.join(', ')}` }), 'auto'),
  /** digits after the decimal point; null: as the numbers need (up to two) */
  decimals: z._default(z.nullable(boundedInt('options.decimals', 0, MAX_DECIMALS)), null),
  scale: z._default(z.enum(NUMBER_SCALES, { error: `options.scale must be one of: ${NUMBER_SCALES.join(', ')}` }), 'none'),
});
export type VisualOptions = z.infer<typeof VisualOptions>;
export const DEFAULT_VISUAL_OPTIONS: VisualOptions = {
  colors: [],
  x_label: '',
  y_label: '',
  sort: 'none',
  orientation: 'vertical',
  show_values: false,
  show_legend: true,
  number_format: 'auto',
  decimals: null,
  scale: 'none',
};

// ── the stored visual ──────────────────────────────────────────────────────────────────────────────────

export const Visual = z.object({
  id: z.string(),
  report_id: z.string(),
  type: VisualTypeField,
  title: z.string(),
  caption: z.string(),
  binding: Binding,
  options: VisualOptions,
  status: VisualStatusField,
  /** a chart bound to a workbook's table: the data its range gives (the server's, never the client's) */
  table_data: z.optional(TableRangeData),
  version: z.number(),
  updated_by: z.string(),
  updated_at: z.string(),
  created_at: z.string(),
});
export type Visual = z.infer<typeof Visual>;

const uuid = uuidField;

export const VisualListParams = z.object({ id: uuid('id') });
export const VisualParams = z.object({ id: uuid('id'), visual_id: uuid('visual_id') });

const visualFields = {
  type: VisualTypeField,
  title: text('title', 200, { min: 1 }),
  caption: z._default(text('caption', 300), ''),
  binding: Binding,
  options: z._default(VisualOptions, DEFAULT_VISUAL_OPTIONS),
  status: z._default(VisualStatusField, 'completed'),
};
const compatible = z.refine<{ type: VisualType; binding: Binding }>((v) => typeBindingProblem(v.type, v.binding) === null, {
  error: (iss) => typeBindingProblem((iss.input as { type: VisualType }).type, (iss.input as { binding: Binding }).binding) ?? 'the chart type cannot show this binding',
});
/** Most cells named one by one in a refusal (the datasheet marks every one). */
const NAMED_CELLS = 20;
/** Text where the chart type reads a number: refused cell by cell, each named (row, column heading, what it holds). */
const numberCells = z.superRefine<{ type: VisualType; binding: Binding }>((v, ctx) => {
  if (v.binding.source !== 'table') return;
  // a cell over the length limit is already refused for that (one message a cell)
  const problems = cellProblems(v.type, v.binding, NAMED_CELLS + 1).filter((p) => p.cell.length <= TABLE_LIMITS.cellChars);
  for (const p of problems.slice(0, NAMED_CELLS)) {
    ctx.addIssue({ code: 'custom', input: p.cell, path: ['binding', 'rows', p.row, p.column], message: visualsDetails.datasheetCell(p.row, p.heading, p.cell, p.message) });
  }
  if (problems.length > NAMED_CELLS) ctx.addIssue({ code: 'custom', input: v.binding.rows, path: ['binding', 'rows'], message: visualsDetails.datasheetMoreCells(NAMED_CELLS) });
});

/** POST /api/reports/{id}/visuals */
export const CreateVisualBody = z.object(visualFields).check(compatible, numberCells);
export type CreateVisualBody = z.infer<typeof CreateVisualBody>;

/** PUT /api/reports/{id}/visuals/{visual_id}: the whole visual, with the version the editor loaded. */
export const UpdateVisualBody = z.object({ ...visualFields, version: boundedInt('version', 1, 1_000_000_000) }).check(compatible, numberCells);
export type UpdateVisualBody = z.infer<typeof UpdateVisualBody>;

/** A section that embeds a visual (`![caption](visual:<id>)`). */
export const VisualPlace = z.object({ key: z.string(), title: z.string() });
export type VisualPlace = z.infer<typeof VisualPlace>;

export const VisualListItem = z.extend(Visual, { used_in: z.array(VisualPlace) });
export type VisualListItem = z.infer<typeof VisualListItem>;
export const VisualList = z.object({ items: z.array(VisualListItem) });
export type VisualList = z.infer<typeof VisualList>;

/** DELETE …/visuals/{visual_id}: refused (409, naming the sections) while sections embed it, unless `force=true`. */
export const DeleteVisualQuery = z.object({
  force: z._default(z.enum(['true', 'false'], { error: "force must be 'true' or 'false'" }), 'false'),
});
export const DeleteVisualResponse = z.object({ success: z.literal(true), message: z.string(), used_in: z.array(VisualPlace) });

const RENDER_FORMATS = ['svg', 'png'] as const;
export const RENDER_SIZE = { minWidth: 200, maxWidth: 2000, minHeight: 150, maxHeight: 1500, width: 800, height: 450 } as const;
const pixels = (field: string, min: number, max: number) =>
  z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,4}$/, `${field} must be a whole number of pixels from ${min} to ${max}`)),
      z.pipe(z.transform(Number), z.number().check(z.gte(min, `${field} must be at least ${min}`), z.lte(max, `${field} must be at most ${max}`))),
    ),
  );
/** GET …/visuals/{visual_id}/render?format=svg|png&width=&height= */
export const RenderVisualQuery = z.object({
  format: z._default(z.enum(RENDER_FORMATS, { error: `format must be one of: ${RENDER_FORMATS.join(', ')}` }), 'svg'),
  width: pixels('width', RENDER_SIZE.minWidth, RENDER_SIZE.maxWidth),
  height: pixels('height', RENDER_SIZE.minHeight, RENDER_SIZE.maxHeight),
});
/** The render route answers an image (image/svg+xml or image/png), not JSON. */
export const RenderedVisual = z.string();

// ── the report data a chart can bind to (for the builder's live preview) ───────────────────────────────

/** What of an evidence item a chart needs. */
export const ChartEvidence = z.object({
  id: z.string(),
  title: z.string(),
  type: z.string(),
  linkedDimensions: z.array(z.string()),
  relevanceScore: z.number(),
});
export type ChartEvidence = z.infer<typeof ChartEvidence>;

/** GET /api/reports/{id}/chart-source: the report's chartable data (findings, recommendations, roadmap, brand, evidence). */
export const ChartSourceResponse = z.object({
  report_id: z.string(),
  /** the wizard data of the steps charts read (findings, recommendations, roadmap, finalize; of setup only the currency), parsed */
  wizard_data: z.record(z.string(), z.unknown()),
  evidence: z.array(ChartEvidence),
});
export type ChartSourceResponse = z.infer<typeof ChartSourceResponse>;
