/**
 * `npm run eval`: drafts steps 5–9 of every gold case (test/fixtures/eval/) with each provider and writes
 * the evaluation to bench/results/eval.md and eval.json. The local provider always runs; Bedrock runs when
 * recordings of its answers exist in test/fixtures/bedrock/ (see bedrockDrafter below). Also times each
 * step on a large load built deterministically from the gold texts: 20 evidence items of 50 pages each.
 *
 * `npm run eval -- --baseline` stores this run as the "before" figures the report compares with
 * (bench/results/eval-baseline.json; the stored ones are the drafter's of commit 7dd0058, which the analyst replaced).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { DRAFT_STEPS, type DraftStep } from '@shared/schemas/report-document';
import { resetAnalystCaches } from '../functions/domain/ai/analyst/analyse-evidence';
import { missedTargets, summarise, type Summary, TARGETS } from './eval/drafts';
import { loadNlp } from '../functions/domain/ai/analyst/nlp';
import { analystDrafter, type CaseRun, type Drafter, loadGoldCases, type LoadedCase, runCase } from '../test/helpers/eval-harness';
import { largeLoadCase } from '../test/helpers/eval-load';
import { machine, RESULTS } from './lib';
import { askMarkdown, evaluateAsk, withAskSection } from './eval-ask';

const BEDROCK_RECORDINGS = resolve(import.meta.dirname, '../test/fixtures/bedrock');
const BASELINE = resolve(RESULTS, 'eval-baseline.json');

/**
 * Bedrock, replayed from recordings of real Converse answers (test/fixtures/bedrock/<case>/<step>.json),
 * when there are any. There is no replaying client yet (it is to be the Bedrock provider's), so there is nothing
 * to replay and the row is left out.
 */
function bedrockDrafter(): Drafter | undefined {
  if (!existsSync(BEDROCK_RECORDINGS) || !readdirSync(BEDROCK_RECORDINGS).length) return undefined;
  return undefined;
}

const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
let modelLoadMs = 0;
const loadAverage = loadavg().map((v) => v.toFixed(1)).join(', ');

function summaryRows(s: Summary): [string, string, string, boolean][] {
  return [
    ['Key-fact recall', pct(s.recall), '≥ 90%', s.recall >= TARGETS.recall],
    ['Citation precision (strict)', pct(s.citationPrecision), '100%', s.citationPrecision >= TARGETS.citationPrecision],
    ['SWOT quadrant accuracy', pct(s.quadrantAccuracy), '≥ 90%', s.quadrantAccuracy >= TARGETS.quadrantAccuracy],
    ['Recommendation titles in action form', `${s.actionTitles}/${s.titles}`, 'all', s.titles > 0 && s.actionTitles === s.titles],
    ['Body sentences copied verbatim', pct(s.verbatimShare), '≤ 20%', s.verbatimShare <= TARGETS.verbatimShare],
    ['Sentences repeated within a section', String(s.repeats), '0', s.repeats === 0],
    ['Figures in no evidence and derived from none', String(s.inventedFigures), '0', s.inventedFigures === 0],
    ['Conflicting figures flagged', `${s.conflictsFlagged}/${s.conflicts}`, 'all', s.conflictsFlagged === s.conflicts],
    ['Planted instructions obeyed', String(s.forbiddenClaims), '0', s.forbiddenClaims === 0],
  ];
}

interface ProviderResult {
  provider: string;
  summary: Summary;
  runs: CaseRun[];
  stepMs: Record<DraftStep, number>;
  stepCpuMs: Record<DraftStep, number>;
  load?: { items: number; pages: number; chars: number; stepMs: Record<DraftStep, number>; stepCpuMs: Record<DraftStep, number> };
}

async function evaluate(name: string, drafter: Drafter, cases: readonly LoadedCase[], withLoad: boolean): Promise<ProviderResult> {
  const runs: CaseRun[] = [];
  // the model is loaded once per process (a cold start; timed apart); each step is then timed reading the evidence from scratch
  const loadStarted = performance.now();
  await loadNlp();
  modelLoadMs = performance.now() - loadStarted;
  const fresh = { beforeStep: resetAnalystCaches };
  for (const c of cases) runs.push(await runCase(c, drafter, fresh));
  const stepMs = Object.fromEntries(DRAFT_STEPS.map((s) => [s, Math.max(...runs.map((r) => r.timings[s]))])) as Record<DraftStep, number>;
  const stepCpuMs = Object.fromEntries(DRAFT_STEPS.map((s) => [s, Math.max(...runs.map((r) => r.cpu[s]))])) as Record<DraftStep, number>;
  let load: ProviderResult['load'];
  if (withLoad) {
    const big = largeLoadCase(cases, { items: 20, pages: 50 });
    // twice: the first run pays for loading the NLP model once per process (a cold start); the second is a warm Lambda's
    await runCase(big.case, drafter, fresh);
    const run = await runCase(big.case, drafter, fresh);
    load = { items: big.items, pages: big.pages, chars: big.chars, stepMs: run.timings, stepCpuMs: run.cpu };
  }
  return { provider: name, summary: summarise(runs.map((r) => r.metrics)), runs, stepMs, stepCpuMs, ...(load ? { load } : {}) };
}

function markdown(results: readonly ProviderResult[], baseline: { commit: string; summary: Summary } | undefined): string {
  const lines = ['# eval', '', `Measured ${new Date().toISOString()} on ${machine().cpus} CPUs, Node ${process.version}. Gold set: ${results[0]?.runs.map((r) => r.gold.id).join(', ')} (test/fixtures/eval/).`, ''];
  // Bedrock is measured only from recordings of real Converse answers; without them its column says so, with no figure
  const unmeasured = results.some((r) => r.provider === 'bedrock') ? [] : ['bedrock'];
  const header = ['Metric', ...(baseline ? [`local, before (${baseline.commit})`] : []), ...results.map((r) => r.provider), ...unmeasured, 'Target'];
  lines.push(`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`);
  const rows = results.map((r) => summaryRows(r.summary));
  const before = baseline ? summaryRows(baseline.summary) : undefined;
  rows[0]!.forEach(([metric, , target], i) => {
    const cells = [metric, ...(before ? [before[i]![1]] : []), ...rows.map((r) => `${r[i]![1]}${r[i]![3] ? '' : ' **(missed)**'}`), ...unmeasured.map(() => 'not measured'), target];
    lines.push(`| ${cells.join(' | ')} |`);
  });
  if (unmeasured.length) lines.push('', 'Bedrock: not measured. There are no recordings of real Converse answers for the gold set (`npm run ai:record` makes them where AWS credentials are present); the hand-written replay fixtures in test/fixtures/bedrock/ test parsing, repair and verification, not the model.');
  for (const r of results) {
    lines.push('', `## ${r.provider}: time per step`, '', `CPU time (user + system) and wall-clock time; the machine's load average was ${loadAverage} while measuring.`, '', '| Step | Gold cases, slowest: CPU / wall | 20 items × 50 pages: CPU / wall |', '|---|---|---|');
    for (const s of DRAFT_STEPS) lines.push(`| ${s} | ${r.stepCpuMs[s].toFixed(0)} ms / ${r.stepMs[s].toFixed(0)} ms | ${r.load ? `${r.load.stepCpuMs[s].toFixed(0)} ms / ${r.load.stepMs[s].toFixed(0)} ms` : '–'} |`);
    if (r.load) lines.push('', `Load: ${r.load.items} evidence items of ${r.load.pages} pages, ${(r.load.chars / 1e6).toFixed(1)} M characters, built from the gold texts (test/helpers/eval-load.ts); timed on the second run in the process. Every step is timed reading the evidence from scratch (no cached analysis or parsed line; a warm function drafting the steps in a row reads once). Loading the NLP model, once per process (a cold start), took ${modelLoadMs.toFixed(0)} ms and is not in the step times. Target ≤ ${TARGETS.secondsPerStep} s per step.`);
    lines.push('', `## ${r.provider}: per case`, '', '| Case | Recall | Precision | Quadrants | Titles | Verbatim | Repeats | Invented | Conflicts |', '|---|---|---|---|---|---|---|---|---|');
    for (const run of r.runs) {
      const m = run.metrics;
      lines.push(`| ${m.case} | ${m.recalled}/${m.facts} | ${m.preciseClaims}/${m.claims} | ${m.quadrantRight}/${m.quadrantFacts} | ${m.actionTitles}/${m.titles} | ${m.verbatimSentences}/${m.bodySentences} | ${m.repeats} | ${m.inventedFigures} | ${m.conflictsFlagged}/${m.conflicts} |`);
    }
    const problems = r.runs.flatMap((run) => run.metrics.problems.map((p) => ({ ...p, case: run.gold.id })));
    if (problems.length) {
      lines.push('', `## ${r.provider}: what failed`, '');
      for (const p of problems.slice(0, 80)) lines.push(`- ${p.case} · ${p.metric} · ${p.where.replace(/\|/g, '\\|')}: ${p.detail.replace(/\|/g, '\\|')}`);
      if (problems.length > 80) lines.push(`- … and ${problems.length - 80} more (eval.json)`);
    }
  }
  return `${lines.join('\n')}\n`;
}

const cases = loadGoldCases();
const ask = await evaluateAsk(cases);
const askSection = askMarkdown(ask);
console.log(
  `ask: correct ${ask.summary.correct}/${ask.summary.answerable}, precision ${(100 * ask.summary.citationPrecision).toFixed(1)}%, not in the evidence ${ask.summary.notInEvidence}/${ask.summary.unanswerable}; conflicts ${ask.conflicts.found}/${ask.conflicts.total}`,
);
if (process.argv.includes('--ask-only')) {
  const file = resolve(RESULTS, 'eval.md');
  writeFileSync(file, withAskSection(existsSync(file) ? readFileSync(file, 'utf8') : '# eval\n', askSection));
  console.log('results in bench/results/eval.md (Ask section)');
  process.exit(0);
}
const drafters: [string, Drafter][] = [['local', analystDrafter]];
const bedrock = bedrockDrafter();
if (bedrock) drafters.push(['bedrock', bedrock]);
const results: ProviderResult[] = [];
for (const [name, drafter] of drafters) results.push(await evaluate(name, drafter, cases, name === 'local'));

mkdirSync(RESULTS, { recursive: true });
if (process.argv.includes('--baseline')) {
  const commit = process.env.EVAL_COMMIT ?? 'before';
  writeFileSync(BASELINE, `${JSON.stringify({ commit, summary: results[0]!.summary, cases: results[0]!.runs.map((r) => r.metrics) }, null, 2)}\n`);
}
const baseline = existsSync(BASELINE) ? (JSON.parse(readFileSync(BASELINE, 'utf8')) as { commit: string; summary: Summary }) : undefined;
writeFileSync(resolve(RESULTS, 'eval.md'), withAskSection(markdown(results, baseline), askSection));
writeFileSync(
  resolve(RESULTS, 'eval.json'),
  `${JSON.stringify({ suite: 'eval', machine: machine(), results: results.map((r) => ({ provider: r.provider, summary: r.summary, stepMs: r.stepMs, stepCpuMs: r.stepCpuMs, loadAverage, load: r.load, cases: r.runs.map((run) => ({ ...run.metrics, timings: run.timings, cpu: run.cpu, dropped: run.dropped })) })) }, null, 2)}\n`,
);
for (const r of results) {
  console.log(`${r.provider}:`);
  for (const [metric, value, target, ok] of summaryRows(r.summary)) console.log(`  ${metric}: ${value} (target ${target}${ok ? '' : ', MISSED'})`);
  for (const s of DRAFT_STEPS) console.log(`  ${s}: CPU ${r.stepCpuMs[s].toFixed(0)} ms, wall ${r.stepMs[s].toFixed(0)} ms${r.load ? `; 20 × 50 pages: CPU ${r.load.stepCpuMs[s].toFixed(0)} ms, wall ${r.load.stepMs[s].toFixed(0)} ms` : ''}`);
  const missed = missedTargets(r.summary);
  if (missed.length) console.log(`  missed: ${missed.join('; ')}`);
}
console.log('results in bench/results/eval.md');
