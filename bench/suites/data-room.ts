/**
 * The data room, in three parts:
 * - Table detection on the fixture set (test/helpers/data-room-fixtures.ts): tables found of those a consultant sees,
 *   header rows and column labels right, periods right.
 * - Scale: a workbook of 20 sheets and 200,000 cells and a CSV of 100,000 rows × 20 columns read by `extractText`
 *   from an esbuild bundle with its worker beside it (as a Lambda runs it), inside the worker's default budget
 *   (DEFAULT_TIME_BUDGET_MS, DEFAULT_MEMORY_LIMIT_MB): the time (first file of a container, then the median of
 *   warm runs), the peak resident memory of a process that reads the file once (the worker thread included), and the
 *   smallest worker heap limit the file is read within.
 * - A drafted gold case with a workbook added: the retailer case of the evaluation's gold set
 *   (test/fixtures/eval/retailer) plus its management accounts (the fixture set's workbook, figures of its own
 *   that partly disagree with the interviews), drafted by the local analyst as the evaluation drafts: the findings
 *   that cite the workbook's cells (a KPI's sentence), and the conflicts found between the interviews and the data.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stepCitations } from '@shared/domain/report/citations';
import type { Kpi } from '@shared/schemas/data-room';
import { detectConflicts } from '../../functions/domain/ai/analyst/detect-conflicts';
import { DEFAULT_MEMORY_LIMIT_MB, DEFAULT_TIME_BUDGET_MS } from '../../functions/domain/evidence/extract/types';
import { extractInProcess } from '../../functions/domain/evidence/extract/run';
import { DATA_ROOM_FIXTURES, type DetectionScore, foundTable, largeCsv, largeWorkbook, scoreDetection } from '../../test/helpers/data-room-fixtures';
import { analystDrafter, loadGoldCases, runCase } from '../../test/helpers/eval-harness';
import { median, ms, type SuiteResult } from '../lib';
import { bundleExtraction } from './extraction';

const WARM_RUNS = 3;
const MB = 1024 * 1024;

async function detection() {
  const perFile: (DetectionScore & { file: string; kpis: number })[] = [];
  for (const fx of DATA_ROOM_FIXTURES) {
    const x = await extractInProcess(await fx.build(), fx.file.endsWith('.csv') ? 'csv' : 'xlsx', 2_000_000);
    const found = (x.data?.tables ?? []).map(foundTable);
    perFile.push({ file: fx.file, ...scoreDetection(fx.expected, found), kpis: x.data?.kpis.length ?? 0 });
  }
  const sum = (k: 'expected' | 'matched' | 'extra' | 'headersRight' | 'periods' | 'periodsRight' | 'orientationRight') => perFile.reduce((n, f) => n + f[k], 0);
  return { perFile, expected: sum('expected'), matched: sum('matched'), extra: sum('extra'), headersRight: sum('headersRight'), periods: sum('periods'), periodsRight: sum('periodsRight'), orientationRight: sum('orientationRight') };
}

/** Reads a file once in a fresh Node process through the bundle; answers the time and the process's peak resident memory. */
function peakInChildProcess(dir: string, file: string, kind: 'xlsx' | 'csv'): { ms: number; status: string; peakRssMb: number; baseRssMb: number } {
  const script = `
    import { readFileSync } from 'node:fs';
    const { extractText, endIdleWorkers } = await import(${JSON.stringify(join(dir, 'index.mjs'))});
    const bytes = new Uint8Array(readFileSync(${JSON.stringify(file)}));
    const base = process.memoryUsage().rss;
    const t = performance.now();
    const r = await extractText(bytes, ${JSON.stringify(kind)});
    const took = performance.now() - t;
    await endIdleWorkers();
    process.stdout.write(JSON.stringify({ ms: took, status: r.status, reason: r.reason ?? '', peak: process.resourceUsage().maxRSS * 1024, base }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 16 * MB });
  if (run.status !== 0) throw new Error(`the peak-memory run failed:\n${run.stderr}`);
  const out = JSON.parse(run.stdout) as { ms: number; status: string; peak: number; base: number };
  return { ms: out.ms, status: out.status, peakRssMb: out.peak / MB, baseRssMb: out.base / MB };
}

async function scale(dir: string) {
  const { extractText, endIdleWorkers } = await bundleExtraction(dir);
  const files = [
    { name: 'workbook: 20 sheets, 200,000 cells', kind: 'xlsx' as const, bytes: await largeWorkbook() },
    { name: 'CSV: 100,000 rows × 20 columns', kind: 'csv' as const, bytes: largeCsv() },
  ];
  const out = [];
  for (const f of files) {
    const path = join(dir, `large.${f.kind}`);
    writeFileSync(path, f.bytes);
    await endIdleWorkers();
    let t = performance.now();
    const cold = await extractText(f.bytes, f.kind);
    const coldMs = performance.now() - t;
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      t = performance.now();
      await extractText(f.bytes, f.kind);
      warm.push(performance.now() - t);
    }
    await endIdleWorkers();
    // the smallest heap limit (of these) the worker reads it within
    let smallestHeapMb: number | null = null;
    for (const limit of [64, 96, 128, 192, 256, 384, 512]) {
      const r = await extractText(f.bytes, f.kind, { memoryLimitMb: limit, timeBudgetMs: 120_000 });
      await endIdleWorkers();
      if (r.status === 'extracted') {
        smallestHeapMb = limit;
        break;
      }
    }
    const peak = peakInChildProcess(dir, path, f.kind);
    out.push({
      name: f.name,
      bytes: f.bytes.length,
      status: cold.status,
      reason: cold.reason ?? null,
      tables: cold.data?.tables.length ?? 0,
      rows: cold.data?.tables.reduce((n, x) => n + x.summary.row_count, 0) ?? 0,
      cells: cold.data?.sheets.reduce((n, s) => n + s.cells, 0) ?? 0,
      kpis: cold.data?.kpis.length ?? 0,
      coldMs,
      warmMs: median(warm),
      warmRunsMs: warm,
      smallestHeapMb,
      peak,
    });
  }
  await endIdleWorkers();
  return out;
}

async function goldCase() {
  const base = loadGoldCases().find((c) => c.gold.id === 'retailer')!;
  const fx = DATA_ROOM_FIXTURES.find((f) => f.file === 'FY2024 management accounts.xlsx')!;
  const workbook = await extractInProcess(await fx.build(), 'xlsx', 2_000_000);
  const kpis: Kpi[] = workbook.data!.kpis;
  const id = randomUUID();
  const withWorkbook = {
    gold: { ...base.gold, evidence: [...base.gold.evidence, { id, title: fx.file, type: 'file' as const, file: fx.file }] },
    texts: new Map([...base.texts, [id, workbook.text]]),
  };
  const before = await runCase(base, analystDrafter);
  const after = await runCase(withWorkbook, analystDrafter);
  // citations of the drafted steps that fall within a KPI's sentence: they carry the KPI's cells
  const kpiAt = (c: { evidence_id: string; start: number; end: number }) => (c.evidence_id === id ? kpis.find((k) => k.start <= c.start && c.end <= k.end) : undefined);
  const placed = stepCitations(after.data);
  const findings = after.data.findings?.findings ?? [];
  const citingFindings = findings.filter((f) => f.citations.some((c) => kpiAt(c)));
  const examples = citingFindings.slice(0, 5).map((f) => ({ statement: f.statement, cells: f.citations.map((c) => kpiAt(c)?.range).filter(Boolean) }));
  const conflicts = await detectConflicts(
    withWorkbook.gold.evidence.map((e) => ({ id: e.id, title: e.title, type: e.type, text: withWorkbook.texts.get(e.id)!, ...(e.id === id ? { facts: kpis } : {}) })),
    base.gold.organization.name,
    base.gold.stakeholders,
  );
  const dataConflicts = conflicts.filter((c) => c.sides.some((s) => s.evidence_id === id));
  return {
    findings: findings.length,
    citingFindings: citingFindings.length,
    citationsOfCells: placed.filter((p) => kpiAt(p.citation)).length,
    citations: placed.length,
    examples,
    conflicts: conflicts.length,
    dataConflicts: dataConflicts.map((c) => ({ measure: c.measure, period: c.period, sides: c.sides.map((s) => `${s.title}: ${s.figure}${s.range ? ` (${s.range})` : ''}`) })),
    recallBefore: `${before.metrics.recalled}/${before.metrics.facts}`,
    recallAfter: `${after.metrics.recalled}/${after.metrics.facts}`,
    goldConflictsBefore: `${before.metrics.conflicts}`,
    goldConflictsAfter: `${after.metrics.conflicts}`,
  };
}

export async function run(): Promise<SuiteResult> {
  const dir = mkdtempSync(join(tmpdir(), 'assay-data-room-bench-'));
  try {
    const d = await detection();
    const big = await scale(dir);
    const gold = await goldCase();
    return {
      suite: 'data-room',
      table: [
        { figure: 'tables found / expected (fixture set), extra tables', value: `${d.matched}/${d.expected}, ${d.extra} extra`, goal: 'all', ok: d.matched === d.expected && d.extra === 0 },
        { figure: 'header rows and column labels right (of matched tables)', value: `${d.headersRight}/${d.matched}` },
        { figure: 'periods read right (of expected)', value: `${d.periodsRight}/${d.periods}` },
        { figure: 'orientation right (of matched tables)', value: `${d.orientationRight}/${d.matched}` },
        ...big.flatMap((b) => [
          {
            figure: `${b.name} (${(b.bytes / MB).toFixed(1)} MB): first file of a worker; warm, median of ${WARM_RUNS}`,
            value: `${ms(b.coldMs)}; ${ms(b.warmMs)} (${b.status}, ${b.tables} tables, ${b.rows.toLocaleString('en-US')} rows, ${b.cells.toLocaleString('en-US')} cells, ${b.kpis} KPIs)`,
            goal: `within the worker's ${DEFAULT_TIME_BUDGET_MS / 1000} s`,
            ok: b.status === 'extracted' && b.coldMs < DEFAULT_TIME_BUDGET_MS,
          },
          {
            figure: `${b.name}: peak resident memory of a process reading it once (worker included); smallest worker heap it is read within`,
            value: `${b.peak.peakRssMb.toFixed(0)} MB (process at ${b.peak.baseRssMb.toFixed(0)} MB before); ${b.smallestHeapMb ?? 'none of 64–512'} MB`,
            goal: `heap within the worker's ${DEFAULT_MEMORY_LIMIT_MB} MB`,
            ok: b.smallestHeapMb !== null && b.smallestHeapMb <= DEFAULT_MEMORY_LIMIT_MB,
          },
        ]),
        { figure: 'gold case (retailer) + management accounts: findings citing the workbook’s cells', value: `${gold.citingFindings}/${gold.findings} findings; ${gold.citationsOfCells}/${gold.citations} citations of steps 5–9` },
        { figure: 'gold case + management accounts: conflicts between the interviews or documents and the data', value: gold.dataConflicts.map((c) => `${c.measure} ${c.period}: ${c.sides.join(' vs ')}`).join('; ') || 'none' },
        { figure: 'gold case key-fact recall without / with the workbook', value: `${gold.recallBefore} / ${gold.recallAfter}` },
      ],
      data: { detection: d, scale: big, goldCase: gold },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
