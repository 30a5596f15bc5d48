/**
 * The templates benchmark's measurements, in a process of their own (bench/suites/templates.ts spawns it), with
 * the export worker's Node options. The report of the exports benchmark (all nine sections, 8 visuals, about 24
 * PDF pages) written as DOCX and PPTX on the built-in template and on the test firm templates
 * (test/helpers/office-templates.ts), and PPTX on the largest of the LibreOffice firm templates
 * (test/fixtures/firm-templates/pptx/grey-elegant.pptx: 9 masters, 108 layouts), DOCX on the untouched corporate
 * Word template (test/fixtures/firm-templates/docx/untouched-corporate.docx: the sample body replaced) and the
 * PDF in the look of a firm Word template (own-look.docx: its theme's fonts and colours, header and footer), by
 * the code the worker runs. Each run draws its charts afresh, as every
 * export does; the two are measured in turn (built-in, template, built-in, …) so a change in the machine's load
 * falls on both. The template's `key` is set as the worker sets it (id@etag): the first run on it prepares it
 * (cold), later ones reuse that, as a warm worker does. Prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { chartRenderer } from '../functions/domain/exports/charts';
import { renderDocx } from '../functions/domain/exports/docx';
import type { ExportTemplate } from '../functions/domain/exports/export-template';
import { buildExportModel } from '../functions/domain/exports/model';
import { renderPdf } from '../functions/domain/exports/pdf';
import { renderPptx } from '../functions/domain/exports/pptx';
import { checkTemplate } from '../functions/domain/templates/check-template';
import { composedFixture, LARGE, logoPng } from '../test/helpers/export-fixtures';
import { deckTemplate, wordTemplate } from '../test/helpers/office-templates';

const RUNS = 7;
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

const fixture = composedFixture(LARGE, { visuals: 8 });
fixture.input.logo = { kind: 'png', bytes: await logoPng(), width: 120, height: 60 };
const model = buildExportModel(fixture.input);
const firmWord = (name: string) => new Uint8Array(readFileSync(new URL(`../test/fixtures/firm-templates/docx/${name}`, import.meta.url)));
const [word, deck, grey, untouched, looked] = await Promise.all([
  checkTemplate('Northwind report.dotx', await wordTemplate()),
  checkTemplate('Northwind deck.potx', await deckTemplate()),
  checkTemplate('grey-elegant.pptx', new Uint8Array(readFileSync(new URL('../test/fixtures/firm-templates/pptx/grey-elegant.pptx', import.meta.url)))),
  checkTemplate('untouched-corporate.docx', firmWord('untouched-corporate.docx')),
  checkTemplate('own-look.docx', firmWord('own-look.docx')),
]);
const KINDS = ['docx', 'pptx', 'pptxLibreOffice', 'docxUntouched', 'pdf'] as const;
const templates: Record<(typeof KINDS)[number], ExportTemplate> = {
  docx: { kind: 'docx', bytes: word.bytes, layouts: word.layouts, key: 'bench-word@"1"' },
  pptx: { kind: 'pptx', bytes: deck.bytes, layouts: deck.layouts, key: 'bench-deck@"1"' },
  pptxLibreOffice: { kind: 'pptx', bytes: grey.bytes, layouts: grey.layouts, key: 'bench-grey@"1"' },
  docxUntouched: { kind: 'docx', bytes: untouched.bytes, layouts: [], key: 'bench-untouched@"1"' },
  pdf: { kind: 'docx', bytes: looked.bytes, layouts: [], key: 'bench-own-look@"1"' },
};
const render = { docx: renderDocx, pptx: renderPptx, pptxLibreOffice: renderPptx, docxUntouched: renderDocx, pdf: renderPdf } as const;

interface Timed {
  ms: number;
  cpuMs: number;
  bytes: number;
}
async function timed(f: () => Promise<Uint8Array>): Promise<Timed> {
  const c = process.cpuUsage();
  const t = performance.now();
  const out = await f();
  const ms = performance.now() - t;
  const cpu = process.cpuUsage(c);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, bytes: out.length };
}

const results: Record<string, { builtin: { cold: Timed; runs: Timed[] }; template: { cold: Timed; runs: Timed[] } }> = {};
for (const kind of KINDS) {
  const builtinCold = await timed(() => render[kind](model, chartRenderer(model.brand)));
  const templateCold = await timed(() => render[kind](model, chartRenderer(model.brand), templates[kind]));
  const b: Timed[] = [];
  const t: Timed[] = [];
  for (let i = 0; i < RUNS; i++) {
    b.push(await timed(() => render[kind](model, chartRenderer(model.brand))));
    t.push(await timed(() => render[kind](model, chartRenderer(model.brand), templates[kind])));
  }
  results[kind] = { builtin: { cold: builtinCold, runs: b }, template: { cold: templateCold, runs: t } };
}
const pdf = Buffer.from(await renderPdf(model, chartRenderer(model.brand))).toString('latin1');

const summary = Object.fromEntries(
  Object.entries(results).map(([kind, r]) => {
    const bMs = median(r.builtin.runs.map((x) => x.ms));
    const tMs = median(r.template.runs.map((x) => x.ms));
    const bCpu = median(r.builtin.runs.map((x) => x.cpuMs));
    const tCpu = median(r.template.runs.map((x) => x.cpuMs));
    return [kind, { builtinMs: bMs, templateMs: tMs, ratio: tMs / bMs, builtinCpuMs: bCpu, templateCpuMs: tCpu, cpuRatio: tCpu / bCpu, builtinColdMs: r.builtin.cold.ms, templateColdMs: r.template.cold.ms, builtinBytes: r.builtin.cold.bytes, templateBytes: r.template.cold.bytes }];
  }),
);

console.log(
  JSON.stringify({
    summary,
    results,
    pages: (pdf.match(/\/Type \/Page\b/g) ?? []).length,
    visuals: fixture.visuals.length,
    templateBytes: { docx: word.bytes.length, pptx: deck.bytes.length, pptxLibreOffice: grey.bytes.length, docxUntouched: untouched.bytes.length, pdf: looked.bytes.length },
    exports: KINDS.length * 2 * (RUNS + 1),
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
