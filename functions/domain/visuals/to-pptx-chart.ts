/**
 * A visual as a native PowerPoint chart (pure): the series, categories and colours the exports hand to
 * pptxgenjs `slide.addChart(type, data, options)`, so a consultant can still edit the chart in PowerPoint.
 * Bar, line and pie only; heatmaps, tables and gantts have no native PowerPoint type and are drawn as images
 * of the server's SVG (null here). A chart with nothing to draw is null as well: its image says why.
 */
import type { ChartData } from '@shared/domain/report/chart-data';
import { chartPalette, shorten, type ChartBrand } from '@shared/domain/report/chart-option';
import type { Visual } from '@shared/schemas/visuals';

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

export function toPptxChart(visual: Visual, data: ChartData, brand?: ChartBrand): PptxChart | null {
  if (visual.type !== 'bar' && visual.type !== 'line' && visual.type !== 'pie') return null;
  if (data.message !== null || !data.series.length || !data.categories.length) return null;
  const o = visual.options;
  const palette = chartPalette(visual, brand).map((c) => c.replace('#', '').toUpperCase());
  const labels = data.categories.map((c) => shorten(c, 60));
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
  };
  if (visual.type === 'pie') {
    return {
      type: 'pie',
      data: series,
      options: { ...common, showPercent: o.show_values, showValue: false, showLabel: !o.show_legend, firstSliceAng: 0 },
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
    showValue: o.show_values,
  };
  if (visual.type === 'line') {
    return { type: 'line', data: series, options: { ...common, ...axes, lineSize: 2, lineDataSymbol: 'circle', lineDataSymbolSize: 6 } };
  }
  const horizontal = o.orientation === 'horizontal';
  return {
    type: 'bar',
    data: series,
    options: { ...common, ...axes, barDir: horizontal ? 'bar' : 'col', barGrouping: 'clustered', ...(horizontal ? { catAxisOrientation: 'maxMin' } : {}) },
  };
}
