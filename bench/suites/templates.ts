/**
 * Exports on a firm template: DOCX and PPTX of the exports benchmark's report (about 24 PDF pages,
 * 8 charts) on the built-in template and on a firm's (the test templates, and for PPTX also the largest of the
 * LibreOffice firm templates, Grey Elegant: 9 masters, 108 layouts; for DOCX also the untouched corporate Word
 * template), and the PDF on the built-in design and in a firm Word template's look, measured in turn in one process
 * (bench/templates-probe.ts) with the export worker's Node options. Goal: on a template within 1.5× of the
 * built-in's time, for each format (warm medians of 7; each run draws its charts afresh). CPU time per export
 * is shown beside the wall time: on a shared machine it moves less with the load.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { workers } from '../../shared/api/workers';
import { ms, ROOT, type SuiteResult } from '../lib';

const GOAL_RATIO = 1.5;

interface Summary {
  builtinMs: number;
  templateMs: number;
  ratio: number;
  builtinCpuMs: number;
  templateCpuMs: number;
  cpuRatio: number;
  builtinColdMs: number;
  templateColdMs: number;
  builtinBytes: number;
  templateBytes: number;
}
type Kind = 'docx' | 'pptx' | 'pptxLibreOffice' | 'docxUntouched' | 'pdf';
interface Probe {
  summary: Record<Kind, Summary>;
  pages: number;
  visuals: number;
  templateBytes: Record<Kind, number>;
  peakRssMb: number;
  exports: number;
}

export async function run(): Promise<SuiteResult> {
  const probe = spawnSync(process.execPath, [resolve(ROOT, 'node_modules/tsx/dist/cli.mjs'), resolve(ROOT, 'bench/templates-probe.ts')], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, LOG_LEVEL: 'error', NODE_OPTIONS: workers.exportReport.nodeOptions },
  });
  if (probe.status !== 0) throw new Error(`templates probe failed: ${probe.stderr}`);
  const data = JSON.parse(probe.stdout.trim().split('\n').at(-1)!) as Probe;
  const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
  const rows = (kind: Kind, label: string) => {
    const s = data.summary[kind];
    return [
      { figure: `${label} on the built-in template: warm median of 7 (cold ${ms(s.builtinColdMs)}; CPU ${ms(s.builtinCpuMs)})`, value: ms(s.builtinMs) },
      { figure: `${label} on the firm template: warm median of 7 (cold, preparing the template, ${ms(s.templateColdMs)}; CPU ${ms(s.templateCpuMs)})`, value: ms(s.templateMs) },
      { figure: `${label}: firm template ÷ built-in (CPU time ${s.cpuRatio.toFixed(2)}×)`, value: `${s.ratio.toFixed(2)}×`, goal: `≤ ${GOAL_RATIO}×`, ok: s.ratio <= GOAL_RATIO },
    ];
  };
  return {
    suite: 'templates',
    table: [
      { figure: 'Report', value: `${data.pages} PDF pages, ${data.visuals} charts; templates ${kb(data.templateBytes.docx)} (Word) and ${kb(data.templateBytes.pptx)} (PowerPoint)` },
      ...rows('docx', 'DOCX'),
      ...rows('pptx', 'PPTX'),
      ...rows('pptxLibreOffice', `PPTX on LibreOffice's Grey Elegant (${kb(data.templateBytes.pptxLibreOffice)})`),
      ...rows('docxUntouched', `DOCX on the untouched corporate Word template (${kb(data.templateBytes.docxUntouched)}; its sample body replaced)`),
      ...rows('pdf', `PDF in the look of the Word template own-look.docx (${kb(data.templateBytes.pdf)})`),
      { figure: `Peak memory of the process (RSS, ${data.exports} exports, ${workers.exportReport.nodeOptions})`, value: `${data.peakRssMb.toFixed(0)} MB` },
      { figure: 'File sizes, built-in / on the template (DOCX; PPTX)', value: `${kb(data.summary.docx.builtinBytes)} / ${kb(data.summary.docx.templateBytes)}; ${kb(data.summary.pptx.builtinBytes)} / ${kb(data.summary.pptx.templateBytes)}` },
    ],
    data,
  };
}
