/**
 * Visual + data → the ECharts option (pure, no DOM). The browser (visuals page, editor preview) and the
 * server (SVG/PNG for Word and PDF, via ECharts' SSR renderer) draw this SAME object, so a chart looks the
 * same on the web and in every export.
 *
 * Long labels are shortened here (the text alternative keeps them whole); a chart with nothing to draw is its
 * title and a message; the `table` type is drawn with graphic elements (ECharts has no table series) and the
 * `gantt` with a custom series, one per phase so the legend names the phases.
 *
 * The consulting charts: stacked and 100% stacked bars are ECharts bars on one stack (the 100% shares computed
 * here); the waterfall and the Mekko are custom series that draw computed rectangles (ECharts has neither),
 * so the browser and the server's SVG draw exactly the same shapes.
 *
 * Colours come in as a palette (`ChartBrand`): the report's brand today, a firm template's theme colours later.
 */
import { visualsTexts } from '../../messages/visuals';
import { DEFAULT_PRIMARY_COLOR } from '../../schemas/report-document';
import { HEX_COLOR, type Visual } from '../../schemas/visuals';
import { formatShare, parseCellNumber, type ChartData, type WaterfallBar } from './chart-data';
import { AUTO_FORMAT, formatNumber, type FormatOptions } from './chart-format';

/**
 * An ECharts option (`EChartsOption`). Typed loosely here: ECharts' own typings pull in the DOM library,
 * which `shared` must not depend on; the renderers pass it to `setOption` as it is.
 */
export type ChartOption = Record<string, unknown>;

/** The colours a chart draws with when it has none of its own. */
export interface ChartBrand {
  primaryColor: string;
  secondaryColor?: string;
  /**
   * A palette that replaces the brand's colours when given (series, slices, phases in this order): a firm
   * template's theme colours. The chart code never reads a template; whoever has one passes its colours here.
   */
  palette?: readonly string[];
  /** a waterfall's increases (default green) and decreases (default red) */
  positiveColor?: string;
  negativeColor?: string;
}

export interface ChartSize {
  width: number;
  height: number;
}

const DEFAULT_CHART_SIZE: ChartSize = { width: 800, height: 450 };
/** DejaVu Sans is what the server's PNG renderer loads; browsers fall back to their sans-serif. */
const CHART_FONT = "'DejaVu Sans', Verdana, Arial, sans-serif";

/** Colours after the brand's, distinct from each other (series and slices beyond the brand colours). */
const DISTINCT = ['#0ea5e9', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#ec4899', '#14b8a6', '#84cc16', '#f97316', '#6366f1', '#64748b'];
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#e2e8f0';
/** A waterfall's default increase and decrease colours (each 3:1 or more against white, WCAG's non-text contrast). */
const POSITIVE = '#15803d';
const NEGATIVE = '#dc2626';

const validHex = (c: string | undefined): string | undefined => (c && HEX_COLOR.test(c) ? c.toLowerCase() : undefined);

/** A report's brand for its charts: step 10's colours (finalize.brand), else the default primary colour. */
export function reportBrand(data: { finalize?: { brand?: { primaryColor?: string; secondaryColor?: string } } }): ChartBrand {
  const brand = data.finalize?.brand;
  const secondary = validHex(brand?.secondaryColor);
  return { primaryColor: validHex(brand?.primaryColor) ?? DEFAULT_PRIMARY_COLOR, ...(secondary ? { secondaryColor: secondary } : {}) };
}

/** The colours a visual draws with, in order: its own, else the brand's (primary, secondary), then distinct ones. */
export function chartPalette(visual: Pick<Visual, 'options'>, brand?: ChartBrand): string[] {
  const own = (visual.options?.colors ?? []).map(validHex).filter((c): c is string => Boolean(c));
  if (own.length) return own;
  const palette = (brand?.palette ?? []).map(validHex).filter((c): c is string => Boolean(c));
  if (palette.length) return [...new Set([...palette, ...DISTINCT])];
  const primary = validHex(brand?.primaryColor) ?? DEFAULT_PRIMARY_COLOR;
  const secondary = validHex(brand?.secondaryColor);
  return [...new Set([primary, ...(secondary ? [secondary] : []), ...DISTINCT])];
}

/** A waterfall's colours: totals, increases, decreases (its own colours in that order, else the palette's first and the brand's green and red). */
export function waterfallColors(visual: Pick<Visual, 'options'>, brand?: ChartBrand): { total: string; increase: string; decrease: string } {
  const own = (visual.options?.colors ?? []).map(validHex).filter((c): c is string => Boolean(c));
  const palette = chartPalette(visual, brand);
  return {
    total: own[0] ?? palette[0] ?? DEFAULT_PRIMARY_COLOR,
    increase: own[1] ?? validHex(brand?.positiveColor) ?? POSITIVE,
    decrease: own[2] ?? validHex(brand?.negativeColor) ?? NEGATIVE,
  };
}

/** Text colour that reads on `hex`: white on dark fills, ink on light ones. */
function readableOn(hex: string): string {
  const c = validHex(hex) ?? DEFAULT_PRIMARY_COLOR;
  const lin = (i: number) => {
    const v = parseInt(c.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * lin(1) + 0.7152 * lin(3) + 0.0722 * lin(5);
  return luminance > 0.2 ? INK : '#ffffff';
}

/** A visual's number format, as a function of a value (labels, axis, data table). */
function numberFormatter(visual: Pick<Visual, 'options'>, currency: string) {
  const format: FormatOptions = {
    number_format: visual.options?.number_format ?? AUTO_FORMAT.number_format,
    decimals: visual.options?.decimals ?? null,
    scale: visual.options?.scale ?? 'none',
  };
  return (value: number | null, opts?: { signed?: boolean }) => formatNumber(value, format, currency || undefined, opts);
}

/** `#rrggbb` mixed toward white by `amount` (0: the colour, 1: white). */
function tint(hex: string, amount: number): string {
  const c = validHex(hex) ?? DEFAULT_PRIMARY_COLOR;
  const mix = (i: number) => Math.round(parseInt(c.slice(i, i + 2), 16) + (255 - parseInt(c.slice(i, i + 2), 16)) * amount);
  return `#${[1, 3, 5].map((i) => mix(i).toString(16).padStart(2, '0')).join('')}`;
}

/** Text shortened to `max` characters (by code point), with an ellipsis. */
export function shorten(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, Math.max(1, max - 1)).join('')}…`;
}

/** Labels shortened and kept distinct (two long labels that shorten alike would merge into one category). */
function labels(list: readonly string[], max: number): string[] {
  const seen = new Map<string, number>();
  return list.map((l) => {
    let s = shorten(l || '–', max);
    const n = (seen.get(s) ?? 0) + 1;
    seen.set(s, n);
    if (n > 1) s = `${shorten(l || '–', Math.max(4, max - 3))} (${n})`;
    return s;
  });
}

function titleOf(visual: Pick<Visual, 'title'>, data: ChartData) {
  return {
    text: shorten(visual.title, 90),
    subtext: data.notes.map((n) => shorten(n, 120)).join('\n'),
    left: 'center',
    top: 8,
    textStyle: { fontSize: 16, fontWeight: 'bold' as const, color: INK, fontFamily: CHART_FONT },
    subtextStyle: { fontSize: 11, color: MUTED, fontFamily: CHART_FONT, lineHeight: 14 },
  };
}

/** The grid keeps its axis labels inside it (what `containLabel` was before ECharts 6). */
const CONTAIN_LABELS = { outerBoundsMode: 'same' as const, outerBoundsContain: 'axisLabel' as const };

const headerHeight = (data: ChartData) => 44 + data.notes.length * 14;

function base(visual: Pick<Visual, 'title'>, data: ChartData, palette: string[]): ChartOption {
  return {
    animation: false,
    backgroundColor: '#ffffff',
    color: palette,
    textStyle: { fontFamily: CHART_FONT, color: INK },
    aria: { enabled: true, label: { description: visual.title } },
    title: titleOf(visual, data),
  };
}

/** Wraps a message to lines of about `width` characters. */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => shorten(l, width + 10)).join('\n');
}

function messageOption(visual: Pick<Visual, 'title'>, data: ChartData, palette: string[], size: ChartSize): ChartOption {
  return {
    ...base(visual, data, palette),
    graphic: [
      {
        type: 'text',
        left: 'center',
        top: 'middle',
        style: { text: wrap(data.message ?? '', Math.max(20, Math.floor(size.width / 9))), fill: MUTED, fontSize: 14, fontFamily: CHART_FONT, align: 'center' },
      },
    ],
  };
}

function legendOf(names: string[], show: boolean, place: 'bottom' | 'right' = 'bottom') {
  if (!show) return { show: false };
  const where = place === 'bottom' ? { bottom: 4, left: 'center', orient: 'horizontal' as const, itemGap: 20 } : { right: 12, top: 'middle', orient: 'vertical' as const, itemGap: 8 };
  return { show: true, type: 'plain' as const, ...where, data: names, textStyle: { fontSize: 11, color: MUTED }, itemWidth: 14, itemHeight: 10 };
}

type RenderApi = { value: (i: number) => number; coord: (v: number[]) => number[]; size: (v: number[]) => number[]; visual: (k: string) => string };

/** A stacked bar's total (`texts[i]`), written just beyond the top (or the right end) of its stack. */
function stackTotal(horizontal: boolean, texts: string[]) {
  return (_params: unknown, api: RenderApi) => {
    const i = api.value(0);
    const at = api.coord(horizontal ? [api.value(1), i] : [i, api.value(1)]);
    return {
      type: 'text',
      x: at[0]! + (horizontal ? 4 : 0),
      y: at[1]! - (horizontal ? 0 : 3),
      style: { text: texts[i] ?? '', fill: INK, fontSize: 10, fontWeight: 'bold', fontFamily: CHART_FONT, align: horizontal ? 'left' : 'center', verticalAlign: horizontal ? 'middle' : 'bottom' },
      silent: true,
    };
  };
}

/** Bar, line, stacked and 100% stacked bars: categories on one axis, values (or shares) on the other. */
function seriesOption(visual: Pick<Visual, 'type' | 'title' | 'options'>, data: ChartData, palette: string[]): ChartOption {
  const o = visual.options;
  const line = visual.type === 'line';
  const stacked = visual.type === 'stacked' || visual.type === 'stacked-100';
  const percent = visual.type === 'stacked-100';
  const horizontal = !line && o.orientation === 'horizontal';
  const fmt = numberFormatter(visual, data.currency);
  const cats = labels(data.categories, horizontal ? 28 : data.categories.length > 12 ? 12 : 18);
  const names = labels(data.series.map((s) => s.name), 40);
  const legend = o.show_legend && data.series.length > 1;
  const rotate = !horizontal && data.categories.length > 6 ? 35 : 0;
  // a 100% bar divides each category by its total (the positive parts: shares of a whole)
  const totals = data.categories.map((_, c) => data.series.reduce((sum, s) => sum + (s.values[c] ?? 0), 0));
  const categoryAxis = {
    type: 'category' as const,
    data: cats,
    name: shorten(o.x_label || data.category_label, 60),
    nameLocation: 'middle' as const,
    nameGap: horizontal ? 0 : rotate ? 70 : 30,
    nameTextStyle: { color: MUTED, fontSize: 12 },
    axisLabel: { interval: 0, rotate, fontSize: 11, color: INK },
    axisTick: { alignWithLabel: true },
    inverse: horizontal,
  };
  const valueAxis = {
    type: 'value' as const,
    name: shorten(o.y_label || (percent ? visualsTexts.chart.share : data.value_label), 60),
    nameLocation: 'middle' as const,
    nameGap: 52,
    nameTextStyle: { color: MUTED, fontSize: 12 },
    axisLabel: { fontSize: 11, color: MUTED, formatter: percent ? '{value}%' : (v: number) => fmt(v) },
    splitLine: { lineStyle: { color: RULE } },
    ...(percent ? { min: 0, max: 100 } : {}),
  };
  if (horizontal) Object.assign(categoryAxis, { name: '' });
  const series: unknown[] = data.series.map((s, i) => {
    const colour = palette[i % palette.length]!;
    return {
      type: line ? ('line' as const) : ('bar' as const),
      name: names[i],
      data: s.values.map((v, c) => (v === null ? '-' : percent ? (totals[c]! > 0 ? (v / totals[c]!) * 100 : 0) : v)),
      itemStyle: { color: colour },
      ...(line
        ? { lineStyle: { color: colour, width: 2 }, symbol: 'circle', symbolSize: data.categories.length === 1 ? 10 : 6, showSymbol: true, connectNulls: false }
        : { barMaxWidth: stacked ? 64 : 48 }),
      ...(stacked ? { stack: 'total' } : {}),
      label: {
        show: o.show_values,
        position: stacked ? ('inside' as const) : horizontal ? ('right' as const) : ('top' as const),
        fontSize: 10,
        color: stacked ? readableOn(colour) : INK,
        formatter: (p: unknown) => {
          const c = (p as { dataIndex: number }).dataIndex;
          const v = s.values[c] ?? null;
          if (v === null || (stacked && v === 0)) return '';
          return percent ? formatShare(v, totals[c]!) : fmt(v);
        },
      },
      ...(stacked ? { labelLayout: { hideOverlap: true } } : {}),
    };
  });
  // a stacked bar's total beyond the end of its stack (the sum of its positive parts)
  if (visual.type === 'stacked' && o.show_values) {
    series.push({
      type: 'custom',
      name: visualsTexts.chart.total,
      silent: true,
      renderItem: stackTotal(
        horizontal,
        totals.map((t) => fmt(t)),
      ),
      encode: horizontal ? { x: 1, y: 0 } : { x: 0, y: 1 },
      data: data.categories.map((_, c) => [c, data.series.reduce((sum, s) => sum + Math.max(0, s.values[c] ?? 0), 0)]),
    });
  }
  return {
    ...base(visual, data, palette),
    grid: { left: horizontal ? 24 : 64, right: 32, top: headerHeight(data) + 16, bottom: (legend ? 36 : 12) + (horizontal ? 40 : rotate ? 80 : 44), ...(horizontal ? CONTAIN_LABELS : {}) },
    legend: legendOf(names, legend),
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series,
  };
}


/**
 * A waterfall bar: a rectangle from its `from` to its `to` level, and its label (above a rise or a positive total,
 * below a fall), the change signed: +2.0, -4.5.
 */
function waterfallBar(kind: WaterfallBar['kind'], label: ((value: number, kind: WaterfallBar['kind']) => string) | null) {
  return (_params: unknown, api: RenderApi) => {
    const i = api.value(0);
    const from = api.coord([i, api.value(1)]);
    const to = api.coord([i, api.value(2)]);
    const band = api.size([1, 0])[0] ?? 40;
    const width = Math.max(2, Math.min(64, band * 0.62));
    const top = Math.min(from[1]!, to[1]!);
    const height = Math.max(1, Math.abs(to[1]! - from[1]!));
    const rect = { type: 'rect', shape: { x: from[0]! - width / 2, y: top, width, height }, style: { fill: api.visual('color') } };
    if (!label) return rect;
    const value = api.value(3);
    const above = kind === 'decrease' ? false : kind === 'total' ? value >= 0 : true;
    return {
      type: 'group',
      children: [
        rect,
        {
          type: 'text',
          x: from[0]!,
          y: above ? top - 3 : top + height + 3,
          style: { text: label(value, kind), fill: INK, fontSize: 10, fontFamily: CHART_FONT, align: 'center', verticalAlign: above ? 'bottom' : 'top' },
          silent: true,
        },
      ],
    };
  };
}

/** The thin line from one waterfall bar's end level to the next bar. */
function waterfallConnector(_params: unknown, api: RenderApi) {
  const i = api.value(0);
  const level = api.value(1);
  const a = api.coord([i, level]);
  const b = api.coord([i + 1, level]);
  const band = api.size([1, 0])[0] ?? 40;
  const half = Math.max(1, Math.min(64, band * 0.62)) / 2;
  return { type: 'line', shape: { x1: a[0]! + half, y1: a[1]!, x2: b[0]! - half, y2: a[1]! }, style: { stroke: MUTED, lineWidth: 1, lineDash: [3, 2] }, silent: true };
}

function waterfallOption(visual: Pick<Visual, 'type' | 'title' | 'options'>, data: ChartData, palette: string[], brand?: ChartBrand): ChartOption {
  const o = visual.options;
  const chart = visualsTexts.chart;
  const colours = waterfallColors(visual, brand);
  const fmt = numberFormatter(visual, data.currency);
  const cats = labels(data.categories, data.categories.length > 12 ? 12 : 18);
  const rotate = data.categories.length > 6 ? 35 : 0;
  const kinds = (['total', 'increase', 'decrease'] as const).filter((k) => data.bars.some((b) => b.kind === k));
  const names = { total: chart.total, increase: chart.increase, decrease: chart.decrease };
  const legend = o.show_legend && kinds.length > 1;
  const label = o.show_values ? (value: number, kind: WaterfallBar['kind']) => fmt(value, { signed: kind !== 'total' }) : null;
  const ends = data.bars.flatMap((b) => [b.from, b.to]);
  const lowest = Math.min(0, ...ends);
  const highest = Math.max(0, ...ends);
  return {
    ...base(visual, data, [colours.total, colours.increase, colours.decrease]),
    grid: { left: 64, right: 32, top: headerHeight(data) + 24, bottom: (legend ? 36 : 12) + (rotate ? 80 : 44) },
    legend: legendOf(kinds.map((k) => names[k]), legend),
    xAxis: {
      type: 'category',
      data: cats,
      name: shorten(o.x_label || data.category_label, 60),
      nameLocation: 'middle',
      nameGap: rotate ? 70 : 30,
      nameTextStyle: { color: MUTED, fontSize: 12 },
      axisLabel: { interval: 0, rotate, fontSize: 11, color: INK },
      axisTick: { alignWithLabel: true },
    },
    yAxis: {
      type: 'value',
      name: shorten(o.y_label || data.value_label, 60),
      nameLocation: 'middle',
      nameGap: 52,
      nameTextStyle: { color: MUTED, fontSize: 12 },
      axisLabel: { fontSize: 11, color: MUTED, formatter: (v: number) => fmt(v) },
      splitLine: { lineStyle: { color: RULE } },
      // room for the labels above the highest and below the lowest bar, but never past zero when every bar is on one side of it
      boundaryGap: label ? ['6%', '6%'] : [0, 0],
      ...(lowest >= 0 ? { min: 0 } : {}),
      ...(highest <= 0 ? { max: 0 } : {}),
    },
    series: [
      {
        type: 'custom',
        name: chart.connectors,
        silent: true,
        z: 1,
        renderItem: waterfallConnector,
        encode: { x: 0, y: 1 },
        data: data.bars.slice(0, -1).map((b, i) => [i, b.to]),
      },
      ...kinds.map((kind) => ({
        type: 'custom',
        name: names[kind],
        z: 2,
        renderItem: waterfallBar(kind, label),
        encode: { x: 0, y: [1, 2] },
        itemStyle: { color: colours[kind] },
        data: data.bars.flatMap((b, i) => (b.kind === kind ? [[i, b.from, b.to, b.value]] : [])),
      })),
    ],
  };
}

/** Mekko columns: each as wide as its share of the grand total, its segments as tall as their share of the column. */
export interface MekkoColumn {
  label: string;
  total: number;
  /** left and right edge, 0–100 (% of the grand total) */
  x0: number;
  x1: number;
  /** per series: bottom and top, 0–100 (% of the column), null where the series has nothing here */
  segments: ({ y0: number; y1: number; value: number } | null)[];
}

export function mekkoLayout(data: Pick<ChartData, 'categories' | 'series'>): MekkoColumn[] {
  const totals = data.categories.map((_, c) => data.series.reduce((sum, s) => sum + Math.max(0, s.values[c] ?? 0), 0));
  const grand = totals.reduce((sum, t) => sum + t, 0);
  if (!(grand > 0)) return [];
  let x = 0;
  return data.categories.map((label, c) => {
    const total = totals[c]!;
    const x0 = x;
    x = c === data.categories.length - 1 ? 100 : x + (total / grand) * 100;
    let y = 0;
    const segments = data.series.map((s) => {
      const v = s.values[c] ?? null;
      if (v === null || v <= 0 || !(total > 0)) return null;
      const y0 = y;
      y += (v / total) * 100;
      return { y0, y1: y, value: v };
    });
    return { label, total, x0, x1: x, segments };
  });
}

function mekkoSegment(label: ((value: number, share: number) => string) | null) {
  return (_params: unknown, api: RenderApi) => {
    const a = api.coord([api.value(0), api.value(2)]);
    const b = api.coord([api.value(1), api.value(3)]);
    const x = Math.min(a[0]!, b[0]!);
    const y = Math.min(a[1]!, b[1]!);
    const width = Math.abs(b[0]! - a[0]!);
    const height = Math.abs(b[1]! - a[1]!);
    const fill = api.visual('color');
    const rect = { type: 'rect', shape: { x, y, width, height }, style: { fill, stroke: '#ffffff', lineWidth: 1 } };
    if (!label || width < 30 || height < 14) return rect;
    return {
      type: 'group',
      children: [
        rect,
        {
          type: 'text',
          x: x + width / 2,
          y: y + height / 2,
          style: { text: label(api.value(4), api.value(3) - api.value(2)), fill: readableOn(fill), fontSize: 10, fontFamily: CHART_FONT, align: 'center', verticalAlign: 'middle' },
          silent: true,
        },
      ],
    };
  };
}

/** A Mekko column's name under it, and its total under that, shortened to the column's width. */
function mekkoColumnLabel(names: string[], totals: string[]) {
  return (_params: unknown, api: RenderApi) => {
    const i = api.value(2);
    const a = api.coord([api.value(0), 0]);
    const b = api.coord([api.value(1), 0]);
    const width = Math.abs(b[0]! - a[0]!);
    const fits = Math.max(1, Math.floor(width / 6.5));
    const x = (a[0]! + b[0]!) / 2;
    return {
      type: 'group',
      children: [
        { type: 'text', x, y: a[1]! + 6, style: { text: shorten(names[i] ?? '', fits), fill: INK, fontSize: 11, fontFamily: CHART_FONT, align: 'center', verticalAlign: 'top' }, silent: true },
        { type: 'text', x, y: a[1]! + 21, style: { text: shorten(totals[i] ?? '', fits), fill: MUTED, fontSize: 10, fontFamily: CHART_FONT, align: 'center', verticalAlign: 'top' }, silent: true },
      ],
    };
  };
}

function mekkoOption(visual: Pick<Visual, 'type' | 'title' | 'options'>, data: ChartData, palette: string[]): ChartOption {
  const o = visual.options;
  const fmt = numberFormatter(visual, data.currency);
  const columns = mekkoLayout(data);
  const names = labels(data.series.map((s) => s.name), 40);
  const legend = o.show_legend && data.series.length > 1;
  const label = o.show_values ? (_value: number, share: number) => `${Math.round(share)}%` : null;
  const percentAxis = { type: 'value' as const, min: 0, max: 100, axisLabel: { fontSize: 11, color: MUTED, formatter: '{value}%' } };
  return {
    ...base(visual, data, palette),
    grid: { left: 64, right: 32, top: headerHeight(data) + 36, bottom: (legend ? 36 : 12) + 44 },
    legend: legendOf(names, legend),
    xAxis: { ...percentAxis, position: 'top', name: shorten(o.x_label || data.category_label, 60), nameLocation: 'middle', nameGap: 24, nameTextStyle: { color: MUTED, fontSize: 12 }, splitLine: { show: false } },
    yAxis: { ...percentAxis, name: shorten(o.y_label || visualsTexts.chart.share, 60), nameLocation: 'middle', nameGap: 44, nameTextStyle: { color: MUTED, fontSize: 12 }, splitLine: { lineStyle: { color: RULE } } },
    series: [
      ...data.series.map((s, si) => ({
        type: 'custom',
        name: names[si],
        renderItem: mekkoSegment(label),
        encode: { x: [0, 1], y: [2, 3] },
        itemStyle: { color: palette[si % palette.length] },
        data: columns.flatMap((col) => {
          const seg = col.segments[si];
          return seg ? [[col.x0, col.x1, seg.y0, seg.y1, seg.value]] : [];
        }),
      })),
      {
        type: 'custom',
        name: visualsTexts.chart.columns,
        silent: true,
        renderItem: mekkoColumnLabel(
          labels(columns.map((c) => c.label), 40),
          columns.map((c) => fmt(c.total)),
        ),
        encode: { x: [0, 1] },
        data: columns.map((c, i) => [c.x0, c.x1, i]),
      },
    ],
  };
}

function pieOption(visual: Pick<Visual, 'type' | 'title' | 'options'>, data: ChartData, palette: string[]): ChartOption {
  const o = visual.options;
  const names = labels(data.categories, 24);
  const values = data.series[0]?.values ?? [];
  return {
    ...base(visual, data, palette),
    legend: legendOf(names, o.show_legend, 'right'),
    series: [
      {
        type: 'pie',
        name: shorten(data.series[0]?.name ?? '', 40),
        radius: '58%',
        center: [o.show_legend ? '42%' : '50%', '55%'],
        avoidLabelOverlap: true,
        data: names.map((name, i) => ({ name, value: values[i] ?? 0, itemStyle: { color: palette[i % palette.length] } })),
        label: { show: true, formatter: o.show_values ? '{b}: {c} ({d}%)' : '{b}', fontSize: 11, color: INK },
        labelLine: { show: true },
      },
    ],
  };
}

function heatmapOption(visual: Pick<Visual, 'type' | 'title' | 'options'>, data: ChartData, palette: string[]): ChartOption {
  const o = visual.options;
  const cols = labels(data.categories, 16);
  const rows = labels(data.series.map((s) => s.name), 24);
  const cells: [number, number, number][] = [];
  data.series.forEach((s, y) => s.values.forEach((v, x) => v !== null && cells.push([x, y, v])));
  const values = cells.map((c) => c[2]);
  const min = Math.min(0, ...values);
  const max = Math.max(min + 1, ...values);
  const primary = palette[0] ?? DEFAULT_PRIMARY_COLOR;
  return {
    ...base(visual, data, palette),
    grid: { left: 24, right: 24, top: headerHeight(data) + 16, bottom: o.show_legend ? 64 : 24, ...CONTAIN_LABELS },
    xAxis: { type: 'category', data: cols, name: shorten(o.x_label, 60), nameLocation: 'middle', nameGap: 28, axisLabel: { interval: 0, rotate: cols.length > 6 ? 30 : 0, fontSize: 11 }, splitArea: { show: true } },
    yAxis: { type: 'category', data: rows, name: shorten(o.y_label, 60), inverse: true, axisLabel: { fontSize: 11 }, splitArea: { show: true } },
    visualMap: {
      show: o.show_legend,
      min,
      max,
      calculable: false,
      orient: 'horizontal',
      left: 'center',
      bottom: 4,
      itemHeight: 120,
      text: [String(+max.toFixed(2)), String(+min.toFixed(2))],
      inRange: { color: [tint(primary, 0.9), primary] },
      textStyle: { fontSize: 11, color: MUTED },
    },
    series: [
      {
        type: 'heatmap',
        name: shorten(data.value_label, 40),
        data: cells,
        label: { show: o.show_values || cells.length <= 60, fontSize: 10 },
        itemStyle: { borderColor: '#ffffff', borderWidth: 1 },
      },
    ],
  };
}

/** One bar per action, coloured by phase: x is months, y the actions top to bottom. */
function renderGanttBar(_params: unknown, api: RenderApi) {
  const y = api.value(0);
  const start = api.coord([api.value(1), y]);
  const end = api.coord([api.value(2), y]);
  const height = Math.max(4, (api.size([0, 1])[1] ?? 20) * 0.6);
  return {
    type: 'rect',
    shape: { x: start[0]!, y: start[1]! - height / 2, width: Math.max(2, end[0]! - start[0]!), height, r: 2 },
    style: { fill: api.visual('color') },
  };
}

function ganttOption(visual: Pick<Visual, 'type' | 'title' | 'options'>, data: ChartData, palette: string[]): ChartOption {
  const o = visual.options;
  const names = labels(data.tasks.map((t) => t.name), 28);
  const groups = data.groups.length ? data.groups : [''];
  const legend = o.show_legend && groups.some(Boolean);
  const min = Math.floor(Math.min(...data.tasks.map((t) => t.start)));
  const max = Math.ceil(Math.max(...data.tasks.map((t) => t.end)));
  return {
    ...base(visual, data, palette),
    grid: { left: 24, right: 32, top: headerHeight(data) + 16, bottom: legend ? 72 : 44, ...CONTAIN_LABELS },
    legend: legendOf(labels(groups, 40), legend),
    xAxis: { type: 'value', min, max, name: shorten(o.y_label || data.value_label, 60), nameLocation: 'middle', nameGap: 28, axisLabel: { fontSize: 11 }, splitLine: { lineStyle: { color: RULE } } },
    yAxis: { type: 'category', data: names, inverse: true, axisLabel: { fontSize: 11, interval: 0 }, axisTick: { show: false } },
    series: groups.map((g, gi) => ({
      type: 'custom',
      name: labels(groups, 40)[gi],
      renderItem: renderGanttBar,
      encode: { x: [1, 2], y: 0 },
      itemStyle: { color: palette[gi % palette.length] },
      data: data.tasks.flatMap((t, i) => ((t.group || '') === g || (!data.groups.length && g === '') ? [[i, t.start, t.end]] : [])),
    })),
  };
}

function tableOption(visual: Pick<Visual, 'type' | 'title' | 'options'>, data: ChartData, palette: string[], size: ChartSize): ChartOption {
  const top = headerHeight(data) + 8;
  const width = size.width - 32;
  const cols = Math.max(1, data.columns.length);
  const rowCount = data.rows.length + 1;
  const rowHeight = Math.max(14, Math.min(28, Math.floor((size.height - top - 12) / rowCount)));
  const fontSize = rowHeight >= 22 ? 12 : rowHeight >= 18 ? 11 : 9;
  // the first column (labels) gets more room when there are several columns
  const firstShare = cols > 2 ? 0.34 : 1 / cols;
  const colWidth = (c: number) => (c === 0 ? width * firstShare : (width * (1 - firstShare)) / Math.max(1, cols - 1));
  const colX = (c: number) => 16 + Array.from({ length: c }, (_, i) => colWidth(i)).reduce((s, w) => s + w, 0);
  const fits = (c: number) => Math.max(3, Math.floor(colWidth(c) / (fontSize * 0.62)) - 1);
  const header = palette[0] ?? DEFAULT_PRIMARY_COLOR;
  const children: unknown[] = [];
  const cell = (r: number, c: number, text: string, head: boolean) => {
    const x = colX(c);
    const y = top + r * rowHeight;
    const numeric = !head && c > 0 && parseCellNumber(text.replace(/,/g, '')) !== null;
    children.push({
      type: 'rect',
      shape: { x, y, width: colWidth(c), height: rowHeight },
      style: { fill: head ? header : r % 2 ? '#ffffff' : '#f8fafc', stroke: RULE, lineWidth: 1 },
      silent: true,
    });
    children.push({
      type: 'text',
      x: numeric ? x + colWidth(c) - 6 : x + 6,
      y: y + rowHeight / 2,
      style: {
        text: shorten(text, fits(c)),
        fill: head ? '#ffffff' : INK,
        fontSize,
        fontWeight: head ? 'bold' : 'normal',
        fontFamily: CHART_FONT,
        align: numeric ? 'right' : 'left',
        verticalAlign: 'middle',
      },
      silent: true,
    });
  };
  data.columns.forEach((h, c) => cell(0, c, h, true));
  data.rows.forEach((row, r) => data.columns.forEach((_, c) => cell(r + 1, c, row[c] ?? '', false)));
  return { ...base(visual, data, palette), graphic: [{ type: 'group', children }] };
}

/**
 * The ECharts option of a visual drawing `data`. `brand` gives the default colours (the report's
 * finalize.brand); `size` is where it will be drawn (the table type lays its cells out in pixels).
 */
export function chartOption(visual: Pick<Visual, 'type' | 'title' | 'options'>, data: ChartData, brand?: ChartBrand, size: ChartSize = DEFAULT_CHART_SIZE): ChartOption {
  const palette = chartPalette(visual, brand);
  if (data.message !== null) return messageOption(visual, data, palette, size);
  switch (visual.type) {
    case 'bar':
    case 'line':
    case 'stacked':
    case 'stacked-100':
      return seriesOption(visual, data, palette);
    case 'waterfall':
      return waterfallOption(visual, data, palette, brand);
    case 'mekko':
      return mekkoOption(visual, data, palette);
    case 'pie':
      return pieOption(visual, data, palette);
    case 'heatmap':
      return heatmapOption(visual, data, palette);
    case 'gantt':
      return ganttOption(visual, data, palette);
    case 'table':
      return tableOption(visual, data, palette, size);
  }
}

/** Visual types as a person says them (the chart's accessible name). */
export const chartTypeName = (type: Visual['type']) => visualsTexts.types[type];
