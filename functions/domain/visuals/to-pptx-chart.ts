/**
 * A visual as a native PowerPoint chart (pure): the series, categories and colours the exports hand to
 * pptxgenjs `slide.addChart(type, data, options)`, so a consultant can still edit the chart in PowerPoint
 * (right-click → Edit Data opens its numbers in a worksheet).
 *
 * Native, as PowerPoint's own chart types:
 * - bar (clustered columns or bars), line, pie;
 * - stacked and 100% stacked bars: bar charts grouped `stacked` and `percentStacked`;
 * - waterfall: a stacked bar whose first series ("Base") has no fill, so each visible bar floats at its level.
 *   Bars that cross zero are split at zero (a stack grows up from zero for positive values and down for
 *   negative ones), with a second invisible base below zero when a bar lies wholly under it. The worksheet
 *   holds the base and the parts; PowerPoint's own waterfall type (2016+) is a chartex part that pptxgenjs
 *   cannot write and older PowerPoint and LibreOffice cannot open. pptxgenjs sets data labels for a whole chart;
 *   the deck's finishing pass (exports/pptx/template/finish.ts `labelWaterfall`) takes them off the invisible base and
 *   off a bar's zero segments, and gives a decrease its minus.
 *
 * Pictures (null here; the deck shows a PNG of the server's SVG, the same drawing as the web and Word):
 * - Mekko: PowerPoint has no variable-width column chart (think-cell and Mekko Graphics draw their own
 *   shapes); a stacked-area imitation on a date axis would not edit as a Mekko either.
 * - heatmap: PowerPoint has no heatmap chart type (a coloured table is not a chart).
 * - gantt: PowerPoint has no gantt chart type.
 * - table: a table, not a chart.
 * A chart with nothing to draw is null as well: its image says why.
 *
 * Colours come from the same palette as every other drawing (`chartPalette`, `waterfallColors`), numbers in
 * the visual's number format as an Excel format code (labels and value axis).
 */
import type { ChartData, WaterfallBar } from '@shared/domain/report/chart-data';
import { excelFormatCode } from '@shared/domain/report/chart-format';
import { chartPalette, shorten, waterfallColors, type ChartBrand } from '@shared/domain/report/chart-option';
import { visualsTexts } from '@shared/messages/visuals';
import type { Visual, VisualType } from '@shared/schemas/visuals';

export interface PptxChartSeries {
  name: string;
  labels: string[];
  values: number[];
}

export interface PptxChart {
  type: 'bar' | 'line' | 'pie';
  data: PptxChartSeries[];
  /** pptxgenjs addChart options (position and size are the caller's) */
  options: Record<string, unknown>;
}

const FONT = 'Calibri';
/** pptxgenjs' colour for a series drawn without fill (the waterfall's base) */
export const NO_FILL = 'transparent';

/** The types drawn as native PowerPoint charts; every other type is a picture (see above for why). */
const NATIVE_PPTX_TYPES: readonly VisualType[] = ['bar', 'line', 'pie', 'stacked', 'stacked-100', 'waterfall'];

const hex = (c: string) => c.replace('#', '').toUpperCase();

/**
 * A waterfall as the series of a stacked bar: an invisible base under each floating bar, then the visible parts
 * by kind (total, increase, decrease), each split at zero when it crosses it.
 */
export function waterfallStack(bars: readonly WaterfallBar[]): { name: string; kind: 'base' | WaterfallBar['kind']; values: number[] }[] {
  const n = bars.length;
  const zeros = () => Array.from({ length: n }, () => 0);
  const base = { up: zeros(), down: zeros() };
  const parts = { total: { up: zeros(), down: zeros() }, increase: { up: zeros(), down: zeros() }, decrease: { up: zeros(), down: zeros() } };
  bars.forEach((b, i) => {
    const lo = Math.min(b.from, b.to);
    const hi = Math.max(b.from, b.to);
    const part = parts[b.kind];
    if (lo >= 0) {
      base.up[i] = lo;
      part.up[i] = hi - lo;
    } else if (hi <= 0) {
      base.down[i] = hi;
      part.down[i] = lo - hi;
    } else {
      part.up[i] = hi;
      part.down[i] = lo;
    }
  });
  const c = visualsTexts.chart;
  const names = { total: c.total, increase: c.increase, decrease: c.decrease };
  const used = (values: number[]) => values.some((v) => v !== 0);
  const round = (values: number[]) => values.map((v) => Math.round(v * 1e9) / 1e9);
  const out: { name: string; kind: 'base' | WaterfallBar['kind']; values: number[] }[] = [{ name: c.base, kind: 'base', values: round(base.up) }];
  if (used(base.down)) out.push({ name: c.base, kind: 'base', values: round(base.down) });
  for (const kind of ['total', 'increase', 'decrease'] as const) {
    if (used(parts[kind].up)) out.push({ name: names[kind], kind, values: round(parts[kind].up) });
    if (used(parts[kind].down)) out.push({ name: names[kind], kind, values: round(parts[kind].down) });
  }
  return out;
}

export function toPptxChart(visual: Visual, data: ChartData, brand?: ChartBrand): PptxChart | null {
  if (!NATIVE_PPTX_TYPES.includes(visual.type)) return null;
  if (data.message !== null || !data.categories.length || (visual.type === 'waterfall' ? !data.bars.length : !data.series.length)) return null;
  const o = visual.options;
  const palette = chartPalette(visual, brand).map(hex);
  const labels = data.categories.map((c) => shorten(c, 60));
  const format = excelFormatCode(o, data.currency);
  const series = (visual.type === 'pie' ? data.series.slice(0, 1) : data.series).map((s) => ({
    name: shorten(s.name, 60),
    labels,
    values: s.values.map((v) => (v === null || !Number.isFinite(v) ? 0 : v)),
  }));
  const common: Record<string, unknown> = {
    title: shorten(visual.title, 120),
    showTitle: true,
    titleFontFace: FONT,
    titleFontSize: 16,
    chartColors: visual.type === 'pie' ? labels.map((_, i) => palette[i % palette.length]) : series.map((_, i) => palette[i % palette.length]),
    showLegend: visual.type === 'pie' ? o.show_legend : o.show_legend && series.length > 1,
    legendPos: visual.type === 'pie' ? 'r' : 'b',
    legendFontFace: FONT,
    legendFontSize: 11,
    dataLabelFontFace: FONT,
    dataLabelFontSize: 10,
    dataLabelFormatCode: format,
  };
  if (visual.type === 'pie') {
    return {
      type: 'pie',
      data: series,
      options: { ...common, showPercent: o.show_values, showValue: false, showLabel: !o.show_legend, firstSliceAng: 0, dataLabelFormatCode: o.show_values ? '0%' : format },
    };
  }
  const axes: Record<string, unknown> = {
    showCatAxisTitle: true,
    catAxisTitle: shorten(o.x_label || data.category_label, 80),
    showValAxisTitle: true,
    valAxisTitle: shorten(o.y_label || data.value_label, 80),
    catAxisLabelFontFace: FONT,
    valAxisLabelFontFace: FONT,
    catAxisLabelFontSize: 10,
    valAxisLabelFontSize: 10,
    valAxisLabelFormatCode: format,
    showValue: o.show_values,
  };
  if (visual.type === 'line') {
    return { type: 'line', data: series, options: { ...common, ...axes, lineSize: 2, lineDataSymbol: 'circle', lineDataSymbolSize: 6 } };
  }
  if (visual.type === 'waterfall') {
    const colours = waterfallColors(visual, brand);
    const stack = waterfallStack(data.bars);
    return {
      type: 'bar',
      data: stack.map((s) => ({ name: shorten(s.name, 60), labels, values: s.values })),
      options: {
        ...common,
        ...axes,
        chartColors: stack.map((s) => (s.kind === 'base' ? NO_FILL : hex(colours[s.kind]))),
        showLegend: false,
        // on the visible bars only: the finishing pass deletes the base's (exports/pptx/template/finish.ts labelWaterfall)
        showValue: o.show_values,
        dataLabelPosition: 'ctr',
        barDir: 'col',
        barGrouping: 'stacked',
        barGapWidthPct: 60,
      },
    };
  }
  const horizontal = o.orientation === 'horizontal';
  const grouping = visual.type === 'stacked' ? 'stacked' : visual.type === 'stacked-100' ? 'percentStacked' : 'clustered';
  return {
    type: 'bar',
    data: series,
    options: {
      ...common,
      ...axes,
      barDir: horizontal ? 'bar' : 'col',
      barGrouping: grouping,
      ...(grouping !== 'clustered' ? { dataLabelPosition: 'ctr', barGapWidthPct: 60 } : {}),
      ...(grouping === 'percentStacked' ? { valAxisLabelFormatCode: '0%', valAxisTitle: shorten(o.y_label || visualsTexts.chart.share, 80) } : {}),
      ...(horizontal ? { catAxisOrientation: 'maxMin' } : {}),
    },
  };
}
