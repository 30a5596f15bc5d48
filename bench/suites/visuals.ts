/**
 * Visuals: the server's SVG render per chart type (warm, in process, median of many), PNG from that SVG,
 * the render function's cold start (a fresh `node` importing its built bundle: ECharts, resvg's WebAssembly
 * compiled at import), and what the visuals page adds to the SPA (its chunk, and the ECharts chunk it loads
 * when it draws), gzipped.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bindChartData } from '@shared/domain/report/chart-data';
import { reportBrand } from '@shared/domain/report/chart-option';
import { VISUAL_TYPES, type Binding, type VisualType } from '@shared/schemas/visuals';
import { buildFunctions, FUNCTIONS_OUT } from '../../scripts/build-functions';
import { renderVisualPng, renderVisualSvg } from '../../functions/domain/visuals/render-svg';
import { fixedSource, visualOf } from '../../test/helpers/visual-fixtures';
import { coldImportMs, kb, median, ms, percentile, ROOT, type SuiteResult } from '../lib';
import { pageGzip, readManifest } from '../spa-chunks';

const WARMUP = 10;
const RUNS = 60;
const COLD_RUNS = 10;
const RENDER_GOAL_MS = 50;
const COLD_GOAL_MS = 300;

/** Each type bound to the data it is typically drawn from, plus a typed table of 40 rows for the bar. */
const BINDINGS: Record<VisualType, Binding> = {
  bar: { source: 'table', columns: ['Region', 'Sales', 'Target'], rows: Array.from({ length: 40 }, (_, i) => [`Region ${i + 1}`, String(100 + ((i * 37) % 90)), String(120)]) },
  line: { source: 'metrics', metric: 'Churn', finding_ids: [] },
  pie: { source: 'evidence', measure: 'count', by: 'type' },
  heatmap: { source: 'evidence', measure: 'relevance', by: 'item' },
  table: { source: 'recommendations', ids: [] },
  gantt: { source: 'roadmap', phase_ids: [] },
  stacked: { source: 'table', columns: ['Region', 'Online', 'Stores', 'Partners'], rows: Array.from({ length: 12 }, (_, i) => [`Region ${i + 1}`, String(20 + ((i * 13) % 30)), String(40 + ((i * 7) % 25)), String(5 + ((i * 11) % 15))]) },
  'stacked-100': { source: 'evidence', measure: 'count', by: 'type' },
  waterfall: {
    source: 'table',
    columns: ['Step', 'Gross margin (%)'],
    rows: [['FY2023', '41'], ['Price', '1.5'], ['Mix', '-0.8'], ['Freight', '-2.5'], ['Subtotal', 'e'], ['Discounts', '-2'], ['Energy', '-0.7'], ['FY2024', 'e']],
  },
  mekko: {
    source: 'table',
    columns: ['Market', 'Leader', 'Challenger', 'Others'],
    rows: [['Nordics', '120', '80', '40'], ['DACH', '300', '150', '150'], ['UK', '200', '60', '140'], ['France', '90', '90', '60'], ['Benelux', '50', '30', '20']],
  },
};

function time(fn: () => void): number[] {
  for (let i = 0; i < WARMUP; i++) fn();
  return Array.from({ length: RUNS }, () => {
    const t = performance.now();
    fn();
    return performance.now() - t;
  });
}


export async function run(): Promise<SuiteResult> {
  const source = fixedSource();
  const brand = reportBrand(source.data);
  const renders = VISUAL_TYPES.map((type) => {
    const visual = visualOf({ type, binding: BINDINGS[type], title: `Bench ${type}` });
    const data = bindChartData(visual, source);
    const svgRuns = time(() => void renderVisualSvg(visual, data, { brand }));
    const svg = renderVisualSvg(visual, data, { brand });
    const pngRuns = time(() => void renderVisualPng(svg));
    return { type, svgMedianMs: median(svgRuns), svgP95Ms: percentile(svgRuns, 95), svgBytes: svg.length, pngMedianMs: median(pngRuns), svgRunsMs: svgRuns };
  });

  await buildFunctions({ quiet: true, only: ['renderVisual'] });
  const bundle = resolve(FUNCTIONS_OUT, 'renderVisual', 'index.mjs');
  const bundleBytes = readFileSync(bundle);
  const cold = Array.from({ length: COLD_RUNS }, () => coldImportMs(bundle));

  execFileSync(process.execPath, [resolve(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  const manifest = readManifest();
  const page = pageGzip('src/features/visuals/index.ts', manifest);
  const charts = pageGzip('src/features/visuals/components/visual-chart.tsx', manifest);
  const embedded = pageGzip('src/features/visuals/embedded.ts', manifest);

  return {
    suite: 'visuals',
    table: [
      ...renders.map((r) => ({
        figure: `${r.type}: server SVG render, warm (median of ${RUNS}; p95) / PNG from it (median)`,
        value: `${ms(r.svgMedianMs)} (${ms(r.svgP95Ms)}) / ${ms(r.pngMedianMs)}`,
        goal: `≤ ${RENDER_GOAL_MS} ms`,
        ok: r.svgMedianMs <= RENDER_GOAL_MS,
      })),
      {
        figure: `render function: cold import of its bundle (median of ${COLD_RUNS}) / bundle minified / gzipped`,
        value: `${ms(median(cold))} / ${kb(bundleBytes.length)} / ${kb(gzipSync(bundleBytes).length)}`,
        goal: `≤ ${COLD_GOAL_MS} ms`,
        ok: median(cold) <= COLD_GOAL_MS,
      },
      { figure: 'visuals page chunk (gzip, beyond the entry; loads only on /assay/visuals)', value: kb(page) },
      { figure: 'chart chunk: ECharts and the chart component (gzip; loaded when a chart is drawn)', value: kb(charts) },
      { figure: 'editor: embedded-visuals chunk (gzip, without ECharts)', value: kb(embedded) },
    ],
    data: { renders, coldImportRunsMs: cold, bundleBytes: bundleBytes.length, pageGzip: page, chartChunkGzip: charts, embeddedGzip: embedded },
  };
}
