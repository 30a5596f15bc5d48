/**
 * The KPIs a consultant reads first in a client's tables, each with its formula and the cells it used:
 * - a series' latest value (and, for rates, every period's);
 * - period-on-period growth (a rate's change in points) and change;
 * - the compound annual growth rate over the span of a yearly series;
 * - the latest value against the first;
 * - margins and ratios where the table has both lines (gross profit ÷ revenue, EBITDA ÷ revenue, …), per period;
 * - shares of a total (the total row, or the column's sum).
 *
 * Each KPI says itself twice: as a statement with its provenance (`EBITDA margin FY2024 = P&L!D12 / P&L!D5 =
 * 10.2%`) and as a sentence of the item's text (`EBITDA margin was 10.2% in FY2024.`), which drafts read and
 * citations quote. Pure and deterministic: the same table gives the same KPIs with the same ids.
 */
import type { Kpi, KpiKind } from '../../schemas/data-room';
import { boundingRange, parseCell, rangeAddress } from './cells';
import { parsePeriod, type Period, periodOfDate, rowPeriod, yearsBetween } from './periods';
import { type Figure, figureOf, type StoredRow, type TableData } from './table-data';
import { type Unit, unitLabel } from './units';

/** KPIs kept per table and per item, most telling first. */
export const KPI_LIMITS = { perTable: 60, perItem: 240 } as const;

/** A stable short id from text (FNV-1a, 32 bits): the same KPI of the same table keeps its id. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

// ── figures as a reader writes them ──────────────────────────────────────────────────────────────────────

const trimZeros = (s: string) => (s.includes('.') ? s.replace(/\.?0+$/, '') : s);
const withCommas = (s: string) => {
  const [whole, frac] = s.split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
};

/** A number with up to `decimals` decimals, thousands grouped: 1,240, 35.1, 0.35. */
function plainNumber(value: number, decimals = 1): string {
  const abs = Math.abs(value);
  const d = abs !== 0 && abs < 1 ? Math.max(decimals, 2) : decimals;
  const text = withCommas(trimZeros(abs.toFixed(d)));
  return value < 0 && text !== '0' ? `-${text}` : text;
}

/** A figure as a sentence writes it: `35.1%`, `£182.4m`, `$1.25bn`, `78 days`, `1,240`, `3.2 points`. */
export function figureText(value: number, unit: Unit): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  switch (unit.kind) {
    case '%':
      return `${plainNumber(value, Math.abs(value) < 10 ? 2 : 1)}%`;
    case 'pt':
      return `${plainNumber(value)} points`;
    case 'x':
      return `${plainNumber(value, 2)}x`;
    case '':
      return plainNumber(value * unit.scale, unit.scale === 1 ? 1 : 0);
    default:
      if (unit.kind.length === 1) {
        const whole = abs * unit.scale;
        if (whole >= 1e9) return `${sign}${unit.kind}${trimZeros((whole / 1e9).toFixed(2))}bn`;
        if (whole >= 1e6) return `${sign}${unit.kind}${trimZeros((whole / 1e6).toFixed(whole < 1e7 ? 2 : 1))}m`;
        if (whole >= 1e3 && unit.scale >= 1e3) return `${sign}${unit.kind}${trimZeros((whole / 1e3).toFixed(whole < 1e5 ? 1 : 0))}k`;
        return `${sign}${unit.kind}${withCommas(trimZeros(whole.toFixed(whole < 100 ? 2 : 0)))}`;
      }
      return `${plainNumber(value * unit.scale)} ${unit.kind}`;
  }
}

// ── what a row measures ──────────────────────────────────────────────────────────────────────────────────

/** A row's label as the name of a measure: units, brackets and trailing marks taken off ("Revenue (£m)" → "Revenue"). */
export function measureName(label: string): string {
  const name = label
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/\s[-–—]\s.*$/, ' ')
    .replace(/(?:^|\s)(?:%|£m|\$m|€m|£k|\$k|€k|£000s?|'000s?|£|\$|€)(?=\s|$)/gi, ' ')
    .replace(/[:*†‡]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : label.trim();
}

const REVENUE = /^(?:total |net |group )?(?:revenue|sales|turnover|net sales|income)\b(?! growth)/i;
const MARGINS: readonly [RegExp, string][] = [
  [/^(?:total )?gross (?:profit|margin)(?! %)\b(?!.*%)/i, 'Gross margin'],
  [/^(?:adjusted |underlying )?ebitda\b(?!.*(?:margin|%))/i, 'EBITDA margin'],
  [/^(?:ebit|operating (?:profit|income))\b(?!.*(?:margin|%))/i, 'Operating margin'],
  [/^(?:net (?:profit|income)|profit after tax)\b(?!.*(?:margin|%))/i, 'Net margin'],
  [/^profit before tax\b(?!.*(?:margin|%))/i, 'Pre-tax margin'],
];

/** "Gross profit" → "gross profit"; an acronym ("EBITDA") keeps its case. */
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

const isRate = (unit: Unit) => unit.kind === '%' || unit.kind === 'pt';

/** What a table titled "Headcount by site (FTE)" measures: the words before " by " ("Headcount"), or ''. */
function titleMeasure(title: string): string {
  const m = /^(.{2,60}?)\s+(?:by|per|across)\s+\S/i.exec(title.replace(/\([^)]*\)/g, ' ').trim());
  return m ? measureName(m[1]!) : '';
}

/**
 * A series' name: its row's (or column's) label, or, in a table whose title names the measure its rows break down
 * ("Headcount by site"), the measure with the label in brackets ("Headcount (Stores)"; a total: "Total headcount").
 */
function seriesName(t: TableData, label: string, total: boolean): string {
  const base = titleMeasure(t.summary.title);
  const own = measureName(label || (total ? 'Total' : ''));
  if (!base) return own || 'Total';
  if (total || /^total$/i.test(own) || !own) return `Total ${base.charAt(0).toLowerCase()}${base.slice(1)}`;
  return `${base} (${own})`;
}

/** "was" or "were": the head noun of the measure ("Cost of sales" → cost, "Inventory days" → days). */
function verbFor(measure: string): 'was' | 'were' {
  const head = measure.replace(/\([^)]*\)/g, '').split(/\s+of\s+/i)[0]!.trim().split(/\s+/).at(-1)?.toLowerCase() ?? '';
  return /[^s]s$/.test(head) && !/(?:ss|us|is|ics)$/.test(head) ? 'were' : 'was';
}

// ── series ───────────────────────────────────────────────────────────────────────────────────────────────

interface Point {
  period: Period;
  figure: Figure;
}

interface Series {
  measure: string;
  unit: Unit;
  points: Point[];
  /** the row or column it came from (a total's shares are read beside it) */
  row?: StoredRow;
}

/** The period of each column of a periods-across table (null: not a period, or a total). */
function columnPeriods(t: TableData): (Period | null)[] {
  return t.summary.columns.map((c) => (c.total || !c.period ? null : parsePeriod(c.period)));
}

/**
 * Which of the columns that share a period a series reads: the one whose header says actual (or nothing else), so
 * a budget beside the actual is not taken for another year.
 */
function preferredColumns(t: TableData, periods: readonly (Period | null)[]): Set<number> {
  const byPeriod = new Map<string, number[]>();
  periods.forEach((p, i) => {
    if (p) byPeriod.set(p.label, [...(byPeriod.get(p.label) ?? []), i]);
  });
  const chosen = new Set<number>();
  for (const cols of byPeriod.values()) {
    const actual = cols.find((i) => /\bactuals?\b|\bact\b/i.test(t.summary.columns[i]!.label));
    chosen.add(actual ?? cols[0]!);
  }
  return chosen;
}

/**
 * The points of a series its KPIs read, in period order: the first and the last SERIES_TAIL (the latest, a rate's
 * last twelve, the growth over the last two, CAGR and latest-against-first over the first and the last).
 */
const SERIES_TAIL = 12;
/** Series read from a periods-across table: its first rows are its headline lines (their KPIs rank first). */
const SERIES_ROWS = KPI_LIMITS.perTable * 4;

function trimmed(points: Point[]): Point[] {
  return points.length <= SERIES_TAIL + 1 ? points : [points[0]!, ...points.slice(-SERIES_TAIL)];
}

function seriesAcross(t: TableData): Series[] {
  const periods = columnPeriods(t);
  const chosen = preferredColumns(t, periods);
  const kinds = new Set(periods.filter((p): p is Period => p !== null).map((p) => p.kind));
  const out: Series[] = [];
  for (const row of t.rows) {
    if (out.length >= SERIES_ROWS) break;
    if (row.kind === 'section') continue;
    const points: Point[] = [];
    periods.forEach((p, i) => {
      if (!p || !chosen.has(i) || kinds.size > 1) return;
      const figure = figureOf(t.summary, row, i);
      if (figure) points.push({ period: p, figure });
    });
    if (points.length < 1) continue;
    points.sort((a, b) => a.period.key - b.period.key);
    out.push({ measure: seriesName(t, row.label, row.kind !== 'data'), unit: points.at(-1)!.figure.unit, points: trimmed(points), row });
  }
  return out;
}

/**
 * The series of a periods-down table: one a value column, over its rows in period order. A table where most periods
 * stand on several rows (a log of transactions by date, a long table by date and store) is not a time series of
 * its columns, and gives none. Only the points the KPIs read are made (a log of 100,000 rows stays cheap).
 */
function seriesDown(t: TableData): Series[] {
  const dated: { row: StoredRow; period: Period }[] = [];
  const kinds = new Set<string>();
  const keys = new Set<number>();
  for (const row of t.rows) {
    if (row.kind !== 'data') continue;
    const period = rowPeriod(row.path.length ? row.path : [row.label]) ?? (/^\d{4}-\d{2}-\d{2}/.test(row.label) ? periodOfDate(new Date(row.label)) : null);
    if (!period) continue;
    kinds.add(period.kind);
    keys.add(period.key);
    dated.push({ row, period });
  }
  if (kinds.size !== 1 || keys.size * 2 < dated.length) return [];
  dated.sort((a, b) => a.period.key - b.period.key);
  const out: Series[] = [];
  t.summary.columns.forEach((column, i) => {
    if (column.total) return;
    let first: Point | undefined;
    let firstAt = -1;
    for (let k = 0; k < dated.length && !first; k++) {
      const figure = figureOf(t.summary, dated[k]!.row, i);
      if (figure) [first, firstAt] = [{ period: dated[k]!.period, figure }, k];
    }
    if (!first) return;
    const tail: Point[] = [];
    for (let k = dated.length - 1; k > firstAt && tail.length < SERIES_TAIL; k--) {
      const figure = figureOf(t.summary, dated[k]!.row, i);
      if (figure) tail.push({ period: dated[k]!.period, figure });
    }
    const points = [first, ...tail.reverse()];
    out.push({ measure: seriesName(t, column.path.at(-1) ?? column.label, false), unit: points.at(-1)!.figure.unit, points });
  });
  return out;
}

// ── the KPIs ─────────────────────────────────────────────────────────────────────────────────────────────

interface Draft {
  kind: KpiKind;
  measure: string;
  period: string;
  value: number;
  unit: Unit;
  /** the formula over addresses: `P&L!D12 / P&L!D5` */
  formula: string;
  cells: string[];
  sentence: string;
  /** lower comes first when KPIs are many */
  rank: number;
}

const PCT: Unit = { kind: '%', scale: 1 };
const POINTS: Unit = { kind: 'pt', scale: 1 };
const round = (v: number, digits = 6) => Number(v.toFixed(digits));

/** A period in a sentence: "in FY2024", "in Q3 2025". */
const inPeriod = (p: Pick<Period, 'label'>) => `in ${p.label}`;

function valueKpi(s: Series, point: Point, rank: number): Draft {
  const verb = verbFor(s.measure);
  return {
    kind: 'value',
    measure: s.measure,
    period: point.period.label,
    value: round(point.figure.value),
    unit: point.figure.unit,
    formula: point.figure.address,
    cells: [point.figure.address],
    sentence: `${s.measure} ${verb} ${figureText(point.figure.value, point.figure.unit)} ${inPeriod(point.period)}.`,
    rank,
  };
}

function growthKpis(s: Series, rank: number): Draft[] {
  const [prev, last] = s.points.slice(-2);
  if (!prev || !last || prev.period.kind !== last.period.kind) return [];
  const span = `${prev.period.label}–${last.period.label}`;
  const cells = [last.figure.address, prev.figure.address];
  const out: Draft[] = [];
  if (isRate(s.unit)) {
    const diff = last.figure.value - prev.figure.value;
    if (Math.abs(diff) < 1e-9) return [];
    out.push({
      kind: 'change',
      measure: s.measure,
      period: span,
      value: round(diff),
      unit: POINTS,
      formula: `${last.figure.address} − ${prev.figure.address}`,
      cells,
      sentence: `${s.measure} ${diff > 0 ? 'rose' : 'fell'} ${figureText(Math.abs(diff), POINTS)} from ${prev.period.label} to ${last.period.label}, from ${figureText(prev.figure.value, prev.figure.unit)} to ${figureText(last.figure.value, last.figure.unit)}.`,
      rank,
    });
    return out;
  }
  if (prev.figure.value !== 0) {
    const growth = ((last.figure.value - prev.figure.value) / Math.abs(prev.figure.value)) * 100;
    out.push({
      kind: 'growth',
      measure: s.measure,
      period: span,
      value: round(growth),
      unit: PCT,
      formula: `(${last.figure.address} − ${prev.figure.address}) / ${prev.figure.address}`,
      cells,
      sentence: `${s.measure} ${growth >= 0 ? 'grew' : 'fell'} ${figureText(Math.abs(growth), PCT)} from ${prev.period.label} to ${last.period.label}, from ${figureText(prev.figure.value, prev.figure.unit)} to ${figureText(last.figure.value, last.figure.unit)}.`,
      rank,
    });
  }
  const change = last.figure.value - prev.figure.value;
  out.push({
    kind: 'change',
    measure: s.measure,
    period: span,
    value: round(change),
    unit: last.figure.unit,
    formula: `${last.figure.address} − ${prev.figure.address}`,
    cells,
    sentence: `${s.measure} changed by ${change >= 0 ? '+' : '-'}${figureText(Math.abs(change), last.figure.unit)} from ${prev.period.label} to ${last.period.label}.`,
    rank: rank + 3,
  });
  return out;
}

function cagrKpi(s: Series, rank: number): Draft[] {
  const first = s.points[0]!;
  const last = s.points.at(-1)!;
  const years = yearsBetween(first.period, last.period);
  if (s.points.length < 3 || years === null || years < 2 || first.period.kind !== 'year' || isRate(s.unit)) return [];
  if (!(first.figure.value > 0 && last.figure.value > 0)) return [];
  const cagr = ((last.figure.value / first.figure.value) ** (1 / years) - 1) * 100;
  return [
    {
      kind: 'cagr',
      measure: s.measure,
      period: `${first.period.label}–${last.period.label}`,
      value: round(cagr),
      unit: PCT,
      formula: `(${last.figure.address} / ${first.figure.address})^(1/${plainNumber(years, 2)}) − 1`,
      cells: [last.figure.address, first.figure.address],
      sentence: `${s.measure} ${cagr >= 0 ? 'grew' : 'fell'} ${figureText(Math.abs(cagr), PCT)} a year from ${first.period.label} to ${last.period.label} (compound annual growth).`,
      rank,
    },
  ];
}

function latestVsFirst(s: Series, rank: number): Draft[] {
  const first = s.points[0]!;
  const last = s.points.at(-1)!;
  if (s.points.length < 3) return [];
  const diff = last.figure.value - first.figure.value;
  return [
    {
      kind: 'latest-vs-first',
      measure: s.measure,
      period: `${first.period.label}–${last.period.label}`,
      value: round(diff),
      unit: isRate(s.unit) ? POINTS : last.figure.unit,
      formula: `${last.figure.address} − ${first.figure.address}`,
      cells: [last.figure.address, first.figure.address],
      sentence: `${s.measure} stood at ${figureText(last.figure.value, last.figure.unit)} ${inPeriod(last.period)}, against ${figureText(first.figure.value, first.figure.unit)} ${inPeriod(first.period)}.`,
      rank,
    },
  ];
}

/** Margins of a periods-across table: each profit line over the revenue line, per period. */
function marginKpis(series: readonly Series[], rank: number): Draft[] {
  const revenue = series.find((s) => REVENUE.test(s.measure) && !isRate(s.unit));
  if (!revenue) return [];
  const own = new Set(series.filter((s) => isRate(s.unit)).map((s) => s.measure.toLowerCase()));
  const out: Draft[] = [];
  for (const s of series) {
    const name = MARGINS.find(([re]) => re.test(s.measure))?.[1];
    if (!name || s === revenue || own.has(name.toLowerCase())) continue;
    for (const point of s.points) {
      const base = revenue.points.find((p) => p.period.label === point.period.label);
      if (!base || base.figure.value === 0) continue;
      const value = (point.figure.value * point.figure.unit.scale) / (base.figure.value * base.figure.unit.scale) * 100;
      out.push({
        kind: 'ratio',
        measure: name,
        period: point.period.label,
        value: round(value),
        unit: PCT,
        formula: `${point.figure.address} / ${base.figure.address}`,
        cells: [point.figure.address, base.figure.address],
        sentence: `${name} was ${figureText(value, PCT)} ${inPeriod(point.period)} (${lowerFirst(s.measure)} over ${lowerFirst(revenue.measure)}).`,
        rank: rank + (point === s.points.at(-1) ? 0 : 4),
      });
    }
  }
  return out;
}

/**
 * Shares of a total: each row within the block a total row closes, in the latest period column (or each column of a
 * categories table). They share one rank, so the first ones in the table are the ones kept: no more are made than
 * a table can keep (with room for repeats).
 */
function shareKpis(t: TableData, columns: readonly number[], rank: number): Draft[] {
  const out: Draft[] = [];
  let start = 0;
  t.rows.forEach((row, r) => {
    if (out.length >= KPI_LIMITS.perTable * 2) return;
    if (row.kind !== 'total' && row.kind !== 'subtotal') return;
    const parts = t.rows.slice(start, r).filter((x) => x.kind === 'data');
    start = r + 1;
    if (parts.length < 2) return;
    for (const i of columns) {
      const total = figureOf(t.summary, row, i);
      if (!total || total.value <= 0 || isRate(total.unit)) continue;
      const column = t.summary.columns[i]!;
      const period = column.period ?? '';
      for (const part of parts) {
        if (out.length >= KPI_LIMITS.perTable * 2) break;
        const f = figureOf(t.summary, part, i);
        if (!f || f.value < 0) continue;
        const share = (f.value / total.value) * 100;
        const whole = lowerFirst(seriesName(t, row.label, true));
        const name = seriesName(t, part.label, false);
        out.push({
          kind: 'share',
          measure: `${name} share of ${whole}`,
          period: period || column.label,
          value: round(share),
          unit: PCT,
          formula: `${f.address} / ${total.address}`,
          cells: [f.address, total.address],
          sentence: `${name} made up ${figureText(share, PCT)} of ${whole}${period ? ` ${inPeriod({ label: period })}` : column.label ? ` (${column.label})` : ''}.`,
          rank,
        });
      }
    }
  });
  return out;
}

/** Latest period column of a periods-across table, or every value column of a categories table (at most three). */
function shareColumns(t: TableData): number[] {
  if (t.summary.orientation === 'periods-across') {
    const periods = columnPeriods(t);
    let best = -1;
    periods.forEach((p, i) => {
      if (p && (best < 0 || p.key > periods[best]!.key)) best = i;
    });
    return best < 0 ? [] : [best];
  }
  if (t.summary.orientation === 'categories') return t.summary.columns.map((_, i) => i).filter((i) => !t.summary.columns[i]!.total).slice(0, 3);
  return [];
}

function draftsOf(t: TableData): Draft[] {
  const series = t.summary.orientation === 'periods-across' ? seriesAcross(t) : t.summary.orientation === 'periods-down' ? seriesDown(t) : [];
  const out: Draft[] = [];
  series.forEach((s, order) => {
    const base = order; // earlier rows of a table are its headline lines
    const latest = s.points.at(-1)!;
    out.push(valueKpi(s, latest, base));
    // a rate is compared period by period: its value in each of the last twelve periods
    if (isRate(s.unit)) for (const p of s.points.slice(-12, -1)) out.push(valueKpi(s, p, base + 20));
    out.push(...growthKpis(s, base + 1), ...cagrKpi(s, base + 2), ...latestVsFirst(s, base + 6));
  });
  if (t.summary.orientation === 'periods-across') out.push(...marginKpis(series, 0));
  out.push(...shareKpis(t, shareColumns(t), 8));
  return out;
}

/** The range of a KPI's cells: one sheet's bounding range. */
function rangeOf(cells: readonly string[]): string {
  const refs = cells.map((c) => parseCell(c)).filter((c): c is NonNullable<typeof c> => c !== null);
  return refs.length ? rangeAddress(boundingRange(refs)) : '';
}

/**
 * The KPIs of a table, most telling first (headline lines, margins, then the rest), at most KPI_LIMITS.perTable.
 * `start`/`end` are 0 until the item's text locates each sentence (locateKpis).
 */
export function tableKpis(t: TableData): Kpi[] {
  const seen = new Set<string>();
  return draftsOf(t)
    .map((d, i) => ({ d, i }))
    .sort((a, b) => a.d.rank - b.d.rank || a.i - b.i)
    .filter(({ d }) => {
      if (seen.has(d.sentence)) return false;
      seen.add(d.sentence);
      return true;
    })
    .slice(0, KPI_LIMITS.perTable)
    .map(({ d }) => {
      const display = figureText(d.value, d.unit);
      const label = `${d.measure} ${d.period}`;
      return {
        id: `k${shortHash(`${t.summary.sheet}\u0001${t.summary.title}\u0001${d.kind}\u0001${label}\u0001${d.formula}`)}`,
        table_id: t.summary.id,
        kind: d.kind,
        measure: d.measure,
        period: d.period,
        value: d.value,
        unit: unitLabel(d.unit),
        display,
        formula: d.formula,
        cells: d.cells,
        range: rangeOf(d.cells),
        statement: `${label} = ${d.formula} = ${display}`,
        sentence: d.sentence,
        start: 0,
        end: 0,
      };
    });
}

/** The heading of the key figures at the top of a workbook's text. */
const KEY_FIGURES_HEADING = '# Key figures';

/** The key figures block of an item's text: one KPI sentence a line (sentences said twice are said once). */
export function keyFiguresText(kpis: readonly Kpi[]): string {
  if (!kpis.length) return '';
  const lines = [...new Set(kpis.map((k) => k.sentence))];
  return [KEY_FIGURES_HEADING, ...lines].join('\n');
}

/** Sets each KPI's `start`/`end` to where its sentence stands in the item's text (KPIs whose sentence is not there are dropped). */
export function locateKpis(text: string, kpis: readonly Kpi[]): Kpi[] {
  const head = text.indexOf(KEY_FIGURES_HEADING);
  if (head < 0) return [];
  const out: Kpi[] = [];
  for (const k of kpis) {
    const start = text.indexOf(`\n${k.sentence}\n`, head) >= 0 ? text.indexOf(`\n${k.sentence}\n`, head) + 1 : text.endsWith(`\n${k.sentence}`) ? text.length - k.sentence.length : -1;
    if (start < 0) continue;
    out.push({ ...k, start, end: start + k.sentence.length });
  }
  return out;
}
