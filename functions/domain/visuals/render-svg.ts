/**
 * A visual drawn on the server, without a browser: the same ECharts option the web page draws
 * (shared/domain/report/chart-option.ts), rendered to SVG by ECharts' SSR renderer; PNG from that SVG by
 * resvg (WebAssembly build: the same bytes run on x86 and on Lambda's arm64) with the DejaVu fonts loaded,
 * so text renders offline and alike everywhere.
 *
 * The build copies the resvg WebAssembly and the fonts beside each bundle that imports this module
 * (scripts/build-functions.ts, DATA_FILES); run from source, they are read from node_modules.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { BarChart, CustomChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GraphicComponent, GridComponent, LegendPlainComponent, TitleComponent, VisualMapContinuousComponent } from 'echarts/components';
import { init, setPlatformAPI, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { visualsTexts } from '@shared/messages/visuals';
import type { ChartData } from '@shared/domain/report/chart-data';
import { chartOption, type ChartBrand, type ChartOption } from '@shared/domain/report/chart-option';
import { RENDER_SIZE, type Visual } from '@shared/schemas/visuals';
import { DEFAULT_TEXT_WIDTH_MAP } from 'zrender/lib/core/platform.js';
import { logger } from '../../lib/logger';

use([BarChart, LineChart, PieChart, HeatmapChart, CustomChart, GridComponent, TitleComponent, LegendPlainComponent, VisualMapContinuousComponent, GraphicComponent, AriaComponent, SVGRenderer]);

/**
 * Without a canvas, ECharts estimates text widths from Arial-like proportions; the PNG is drawn in DejaVu Sans,
 * about an eighth wider, so legends and labels are laid out for the font that draws them.
 */
setPlatformAPI({
  measureText(text: string, font?: string) {
    const size = Number(/(\d+(?:\.\d+)?)px/.exec(font ?? '')?.[1] ?? 12);
    let em = 0;
    for (const ch of text) em += (DEFAULT_TEXT_WIDTH_MAP[ch] ?? 0.62) * 1.13;
    return { width: em * size * (/bold|[6-9]00/.test(font ?? '') ? 1.07 : 1) };
  },
});

/** Files a bundle of this module needs beside it (name beside the bundle → where it is in node_modules). */
const RENDER_ASSETS = {
  wasm: { file: 'index_bg.wasm', module: '@resvg/resvg-wasm/index_bg.wasm' },
  fonts: [
    { file: 'DejaVuSans.ttf', module: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf' },
    { file: 'DejaVuSans-Bold.ttf', module: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' },
  ],
} as const;

function asset(entry: { file: string; module: string }): Buffer {
  const beside = new URL(`./${entry.file}`, import.meta.url);
  if (existsSync(beside)) return readFileSync(beside);
  return readFileSync(createRequire(import.meta.url).resolve(entry.module));
}

// resvg's WebAssembly is compiled once per process, before the first PNG (a few tens of milliseconds)
await initWasm(asset(RENDER_ASSETS.wasm));

let fonts: Uint8Array[] | undefined;
const fontBuffers = () => (fonts ??= RENDER_ASSETS.fonts.map((f) => new Uint8Array(asset(f))));

const clamp = (v: number | undefined, min: number, max: number, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : fallback;

function draw(option: ChartOption, width: number, height: number): string {
  const chart = init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

export interface RenderOptions {
  width?: number;
  height?: number;
  brand?: ChartBrand;
}

/** The visual as an SVG document (ECharts SSR). Never throws for odd data: a chart that cannot be drawn says so. */
export function renderVisualSvg(visual: Visual, data: ChartData, opts: RenderOptions = {}): string {
  const width = clamp(opts.width, RENDER_SIZE.minWidth, RENDER_SIZE.maxWidth, RENDER_SIZE.width);
  const height = clamp(opts.height, RENDER_SIZE.minHeight, RENDER_SIZE.maxHeight, RENDER_SIZE.height);
  try {
    return draw(chartOption(visual, data, opts.brand, { width, height }), width, height);
  } catch (error) {
    logger.error('chart could not be drawn', { visual: visual.id, type: visual.type, error: error instanceof Error ? error.message : String(error) });
    const fallback: ChartData = { ...data, message: visualsTexts.chart.drawFailed, notes: [] };
    return draw(chartOption(visual, fallback, opts.brand, { width, height }), width, height);
  }
}

/** An SVG as PNG (resvg with DejaVu Sans); `width` scales it (default: its own size). */
export function renderVisualPng(svg: string, opts: { width?: number } = {}): Uint8Array {
  const width = opts.width === undefined ? undefined : clamp(opts.width, 16, 4000, RENDER_SIZE.width);
  const resvg = new Resvg(svg, {
    font: { fontBuffers: fontBuffers(), defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
    fitTo: width ? { mode: 'width', value: width } : { mode: 'original' },
    background: '#ffffff',
  });
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
