/**
 * Visual + data → the ECharts option (pure, no DOM). The browser (visuals page, editor preview) and the
 * server (SVG/PNG for Word and PDF, via ECharts' SSR renderer) draw this SAME object, so a chart looks the
 * same on the web and in every export.
 *
 * Long labels are shortened here (the text alternative keeps them whole); a chart with nothing to draw is its
 * title and a message; the `table` type is drawn with graphic elements (ECharts has no table series) and the
 * `gantt` with a custom series, one per phase so the legend names the phases.
 */
import { messages } from '../../messages';
import { DEFAULT_PRIMARY_COLOR } from '../../schemas/report-document';
import { HEX_COLOR, type Visual } from '../../schemas/visuals';
import { parseCellNumber, type ChartData } from './chart-data';

/**
 * An ECharts option (`EChartsOption`). Typed loosely here: ECharts' own typings pull in the DOM library,
 * which `shared` must not depend on; the renderers pass it to `setOption` as it is.
 */
export type ChartOption = Record<string, unknown>;

export interface ChartBrand {
  primaryColor: string;
  secondaryColor?: string;
}

export interface ChartSize {
  width: number;
  height: number;
}

export const DEFAULT_CHART_SIZE: ChartSize = { width: 800, height: 450 };
/** DejaVu Sans is what the server's PNG renderer loads; browsers fall back to their sans-serif. */
export const CHART_FONT = "'DejaVu Sans', Verdana, Arial, sans-serif";

/** Colours after the brand's, distinct from each other (series and slices beyond the brand colours). */
const DISTINCT = ['#0ea5e9', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#ec4899', '#14b8a6', '#84cc16', '#f97316', '#6366f1', '#64748b'];
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#e2e8f0';

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
  const primary = validHex(brand?.primaryColor) ?? DEFAULT_PRIMARY_COLOR;
  const secondary = validHex(brand?.secondaryColor);
  return [...new Set([primary, ...(secondary ? [secondary] : []), ...DISTINCT])];
}

/** `#rrggbb` mixed toward white by `amount` (0: the colour, 1: white). */
export function tint(hex: string, amount: number): string {
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

function seriesOption(visual: Pick<Visual, 'type' | 'title' | 'options'>, data: ChartData, palette: string[]): ChartOption {
  const o = visual.options;
  const horizontal = visual.type === 'bar' && o.orientation === 'horizontal';
  const cats = labels(data.categories, horizontal ? 28 : data.categories.length > 12 ? 12 : 18);
  const names = labels(data.series.map((s) => s.name), 40);
  const legend = o.show_legend && data.series.length > 1;
  const rotate = !horizontal && data.categories.length > 6 ? 35 : 0;
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
    name: shorten(o.y_label || data.value_label, 60),
    nameLocation: 'middle' as const,
    nameGap: 52,
    nameTextStyle: { color: MUTED, fontSize: 12 },
    axisLabel: { fontSize: 11, color: MUTED },
    splitLine: { lineStyle: { color: RULE } },
  };
  if (horizontal) Object.assign(categoryAxis, { name: '' });
  return {
    ...base(visual, data, palette),
    grid: { left: horizontal ? 24 : 64, right: 32, top: headerHeight(data) + 16, bottom: (legend ? 36 : 12) + (horizontal ? 40 : rotate ? 80 : 44), ...(horizontal ? CONTAIN_LABELS : {}) },
    legend: legendOf(names, legend),
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: data.series.map((s, i) => ({
      type: visual.type === 'line' ? ('line' as const) : ('bar' as const),
      name: names[i],
      data: s.values.map((v) => (v === null ? '-' : v)),
      itemStyle: { color: palette[i % palette.length] },
      ...(visual.type === 'line'
        ? { lineStyle: { color: palette[i % palette.length], width: 2 }, symbol: 'circle', symbolSize: data.categories.length === 1 ? 10 : 6, showSymbol: true, connectNulls: false }
        : { barMaxWidth: 48 }),
      label: { show: o.show_values, position: horizontal ? ('right' as const) : ('top' as const), fontSize: 10, color: INK },
    })),
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
function renderGanttBar(
  _params: unknown,
  api: { value: (i: number) => number; coord: (v: number[]) => number[]; size: (v: number[]) => number[]; visual: (k: string) => string },
) {
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
      return seriesOption(visual, data, palette);
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
export const chartTypeName = (type: Visual['type']) => messages.visuals.types[type];
