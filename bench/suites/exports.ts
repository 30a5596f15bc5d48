/**
 * Exports (Finalize & Brand and the export page): a generated report of about 20 pages (all nine
 * sections, 8 visuals, 60 citations), written as DOCX, PDF and PPTX, and zipped for "all", by the same code
 * the export worker runs. Cold (first in a process: fonts, WebAssembly, modules) and warm (median of 5; each
 * run draws its charts afresh); peak memory of the process. Goals: DOCX and PPTX ≤ 1 s each, PDF ≤ 2 s, all
 * ≤ 3 s, peak memory ≤ 512 MB (the process runs with the worker function's NODE_OPTIONS). Side by side: pandoc
 * (from apt) turning the same markdown into DOCX.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { workers } from '../../shared/api/workers';
import { median, ms, ROOT, type SuiteResult } from '../lib';

const PANDOC = '/usr/bin/pandoc';
const GOALS_MS = { docx: 1000, pptx: 1000, pdf: 2000, all: 3000 } as const;
const PEAK_MB = 512;

interface Probe {
  modelMs: number;
  docxWithoutChartsMs: number;
  results: Record<keyof typeof GOALS_MS, { coldMs: number; warmMs: number; runs: number[]; bytes: number }>;
  pages: number;
  sections: number;
  citations: number;
  visuals: number;
  markdownChars: number;
  peakRssMb: number;
}

export async function run(): Promise<SuiteResult> {
  const version = spawnSync(PANDOC, ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) throw new Error(`pandoc is required for the exports benchmark (${PANDOC}): sudo apt-get install -y pandoc`);
  const dir = mkdtempSync(join(tmpdir(), 'assay-bench-exports-'));
  try {
    const markdown = join(dir, 'report.md');
    const probe = spawnSync(process.execPath, [resolve(ROOT, 'node_modules/tsx/dist/cli.mjs'), resolve(ROOT, 'bench/exports-probe.ts'), markdown], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
      // the worker function's own Node options (its heap limit), so the memory measured is the worker's
      env: { ...process.env, LOG_LEVEL: 'error', NODE_OPTIONS: workers.exportReport.nodeOptions },
    });
    if (probe.status !== 0) throw new Error(`exports probe failed: ${probe.stderr}`);
    const data = JSON.parse(probe.stdout.trim().split('\n').at(-1)!) as Probe;

    // pandoc: the same markdown to DOCX, process start included (that is how it is used)
    const pandocRuns: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const out = spawnSync(PANDOC, ['-f', 'markdown', '-t', 'docx', '-o', join(dir, 'pandoc.docx'), markdown], { encoding: 'utf8' });
      pandocRuns.push(performance.now() - started);
      if (out.status !== 0) throw new Error(`pandoc failed: ${out.stderr}`);
    }
    const pandocMs = median(pandocRuns);
    const r = data.results;
    const row = (name: keyof typeof GOALS_MS, label: string) => ({
      figure: `${label}: warm median of 5 (cold ${ms(r[name].coldMs)})`,
      value: ms(r[name].warmMs),
      goal: `≤ ${GOALS_MS[name] / 1000} s`,
      ok: r[name].warmMs <= GOALS_MS[name] && r[name].coldMs <= GOALS_MS[name] * 2,
    });
    return {
      suite: 'exports',
      table: [
        { figure: 'Report', value: `${data.pages} PDF pages, ${data.sections} sections, ${data.visuals} visuals, ${data.citations} citations, ${(data.markdownChars / 1024).toFixed(0)} KB of markdown` },
        { figure: 'Export model (parse all sections once, number citations)', value: ms(data.modelMs) },
        row('docx', 'DOCX'),
        row('pdf', 'PDF'),
        row('pptx', 'PPTX'),
        row('all', 'All formats (zip)'),
        { figure: `Peak memory of the exporting process (RSS, 24 exports in a row, ${workers.exportReport.nodeOptions} as the worker runs)`, value: `${data.peakRssMb.toFixed(0)} MB`, goal: `≤ ${PEAK_MB} MB`, ok: data.peakRssMb <= PEAK_MB },
        { figure: `pandoc ${version.stdout.split('\n')[0]!.replace(/^pandoc\s+/, '')}: the same markdown to DOCX (median of 5, process start included)`, value: ms(pandocMs) },
        { figure: 'Our DOCX time ÷ pandoc’s (ours draws 8 charts as PNG; pandoc draws none)', value: `${(r.docx.warmMs / pandocMs).toFixed(2)}×` },
        { figure: 'Our DOCX with its charts already drawn ÷ pandoc’s', value: `${(data.docxWithoutChartsMs / pandocMs).toFixed(2)}× (${ms(data.docxWithoutChartsMs)})` },
        { figure: 'File sizes (DOCX / PDF / PPTX / zip)', value: `${[r.docx.bytes, r.pdf.bytes, r.pptx.bytes, r.all.bytes].map((b) => `${(b / 1024).toFixed(0)} KB`).join(' / ')}` },
      ],
      data: { ...data, pandoc: { version: version.stdout.split('\n')[0], runs: pandocRuns, medianMs: pandocMs } },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
