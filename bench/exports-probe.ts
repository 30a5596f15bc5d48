/**
 * The exports benchmark's measurements, in a process of their own (bench/suites/exports.ts spawns it), so the
 * peak memory is an export's alone, as in the worker function. Prints one JSON line.
 * Argument: a path where the report's markdown is written, for the comparison with pandoc.
 */
import { writeFileSync } from 'node:fs';
import { buildExportFile } from '../functions/domain/exports/build';
import { chartRenderer } from '../functions/domain/exports/charts';
import { renderDocx } from '../functions/domain/exports/docx';
import { buildExportModel, type ExportModel } from '../functions/domain/exports/model';
import { renderPdf } from '../functions/domain/exports/pdf';
import { renderPptx } from '../functions/domain/exports/pptx';
import { composedFixture, LARGE, logoPng } from '../test/helpers/export-fixtures';

const RUNS = 5;
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

const fixture = composedFixture(LARGE, { visuals: 8 });
fixture.input.logo = { kind: 'png', bytes: await logoPng(), width: 120, height: 60 };
let t = performance.now();
const model: ExportModel = buildExportModel(fixture.input);
const modelMs = performance.now() - t;

// every run draws its charts afresh, as every export does
const renderers = {
  docx: () => renderDocx(model, chartRenderer(model.brand)),
  pdf: () => renderPdf(model, chartRenderer(model.brand)),
  pptx: () => renderPptx(model, chartRenderer(model.brand)),
  all: async () => (await buildExportFile(model, 'all', fixture.input.now)).bytes,
} as const;

const results: Record<string, { coldMs: number; warmMs: number; runs: number[]; bytes: number }> = {};
for (const [name, render] of Object.entries(renderers)) {
  t = performance.now();
  const first = await render();
  const coldMs = performance.now() - t;
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    await render();
    runs.push(performance.now() - t);
  }
  results[name] = { coldMs, warmMs: median(runs), runs, bytes: first.length };
}

// the Word document alone, its chart pictures already drawn (what compares with pandoc, which draws none)
const shared = chartRenderer(model.brand);
await renderDocx(model, shared);
const docxOnly: number[] = [];
for (let i = 0; i < RUNS; i++) {
  t = performance.now();
  await renderDocx(model, shared);
  docxOnly.push(performance.now() - t);
}

const pdf = Buffer.from(await renderers.pdf()).toString('latin1');
const pages = (pdf.match(/\/Type \/Page\b/g) ?? []).length;
const markdown = model.sections.map((s) => `# ${s.number}. ${s.title}\n\n${fixture.sections.find((x) => x.key === s.key)!.content}`).join('\n\n');
if (process.argv[2]) writeFileSync(process.argv[2], markdown);

console.log(
  JSON.stringify({
    modelMs,
    results,
    docxWithoutChartsMs: median(docxOnly),
    pages,
    sections: model.sections.length,
    citations: model.citations.length,
    visuals: fixture.visuals.length,
    markdownChars: markdown.length,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
