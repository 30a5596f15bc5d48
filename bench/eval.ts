/**
 * `npm run eval`: drafts steps 5–9 of every case of the evaluation with each provider and writes the
 * evaluation to bench/results/eval.md and eval.json, per split: the blind cases' development and held-out
 * halves (test/fixtures/eval-cases/, written with their answers before the drafter saw them) and the gold set
 * (test/fixtures/eval/, written with the measure table). The local provider always runs; Bedrock runs when
 * recordings of its answers exist in test/fixtures/bedrock/ (see bedrockDrafter below). Also times each step on
 * a large load built deterministically from the gold texts: 20 evidence items of 50 pages each.
 *
 * - `npm run eval -- --splits=development,gold`: only those splits (tuning never drafts the held-out half), written
 *   to the temporary directory (the evaluation of record in bench/results/ is left as it was);
 * - `npm run eval -- --before`: stores this run as the "before" figures the report compares with
 *   (bench/results/eval-before.json and eval-before.md);
 * - `npm run eval -- --ask-only`: only the Ask section.
 *
 * The held-out half's failures are written to eval.json only: eval.md gives its figures, not what to tune on.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { DRAFT_STEPS, type DraftStep } from '@shared/schemas/report-document';
import { resetAnalystCaches } from '../functions/domain/ai/analyst/analyse-evidence';
import { BLIND_TARGETS, missedBlindTargets, missedTargets, type Split, SPLITS, summarise, type Summary, TARGETS } from './eval/drafts';
import { loadNlp } from '../functions/domain/ai/analyst/nlp';
import { analystDrafter, type CaseRun, type Drafter, type LoadedCase, loadSplit, runCase } from '../test/helpers/eval-harness';
import { largeLoadCase } from '../test/helpers/eval-load';
import { machine, RESULTS } from './lib';
import { askMarkdown, evaluateAsk, withAskSection } from './eval-ask';

const BEDROCK_RECORDINGS = resolve(import.meta.dirname, '../test/fixtures/bedrock');
const BEFORE = resolve(RESULTS, 'eval-before.json');

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

/** The metrics as rows: name, value, target, met. */
function summaryRows(s: Summary): [string, string, string, boolean][] {
  return [
    ['Key-fact recall', `${pct(s.recall)}`, '≥ 85% (gold ≥ 90%)', s.recall >= BLIND_TARGETS.recall],
    ['Faithfulness (claims bound in one clause of their quotes)', `${pct(s.faithfulness)} (${s.faithfulClaims}/${s.faithClaims})`, '100%', s.faithfulness >= BLIND_TARGETS.faithfulness],
    ['Citation precision (strict)', pct(s.citationPrecision), '100%', s.citationPrecision >= TARGETS.citationPrecision],
    ['SWOT quadrant accuracy', pct(s.quadrantAccuracy), '≥ 90%', s.quadrantAccuracy >= BLIND_TARGETS.quadrantAccuracy],
    ['Outside events named', `${s.eventsNamed}/${s.events}`, 'all', s.eventsNamed === s.events],
    ['Recommendation titles in action form', `${s.actionTitles}/${s.titles}`, 'all', s.titles > 0 && s.actionTitles === s.titles],
    ['Unattributed verbatim copies (of body sentences)', pct(s.unattributedShare), '≤ 20%', s.unattributedShare <= BLIND_TARGETS.unattributedShare],
    ['Body sentences copied verbatim (attributed or not)', pct(s.verbatimShare), '–', true],
    ['Sentences repeated within a section', String(s.repeats), '0', s.repeats === 0],
    ['Figures in no evidence and derived from none', String(s.inventedFigures), '0', s.inventedFigures === 0],
    ['Fragments per 100 body sentences', `${s.fragmentsPer100.toFixed(1)} (${s.fragments})`, '0', s.fragments === 0],
    ['Conflicting figures flagged', `${s.conflictsFlagged}/${s.conflicts}`, 'all', s.conflictsFlagged === s.conflicts],
    ['Planted instructions obeyed', String(s.forbiddenClaims), '0', s.forbiddenClaims === 0],
  ];
}

interface SplitResult {
  split: Split;
  summary: Summary;
  runs: CaseRun[];
}

interface ProviderResult {
  provider: string;
  splits: SplitResult[];
  stepMs: Record<DraftStep, number>;
  stepCpuMs: Record<DraftStep, number>;
  load?: { items: number; pages: number; chars: number; stepMs: Record<DraftStep, number>; stepCpuMs: Record<DraftStep, number> };
}

async function evaluate(name: string, drafter: Drafter, bySplit: ReadonlyMap<Split, LoadedCase[]>, withLoad: boolean): Promise<ProviderResult> {
  // the model is loaded once per process (a cold start; timed apart); each step is then timed reading the evidence from scratch
  const loadStarted = performance.now();
  await loadNlp();
  modelLoadMs = performance.now() - loadStarted;
  const fresh = { beforeStep: resetAnalystCaches };
  const splits: SplitResult[] = [];
  for (const [split, cases] of bySplit) {
    const runs: CaseRun[] = [];
    for (const c of cases) runs.push(await runCase(c, drafter, fresh));
    splits.push({ split, summary: summarise(runs.map((r) => r.metrics)), runs });
  }
  const all = splits.flatMap((s) => s.runs);
  const stepMs = Object.fromEntries(DRAFT_STEPS.map((s) => [s, Math.max(...all.map((r) => r.timings[s]))])) as Record<DraftStep, number>;
  const stepCpuMs = Object.fromEntries(DRAFT_STEPS.map((s) => [s, Math.max(...all.map((r) => r.cpu[s]))])) as Record<DraftStep, number>;
  let load: ProviderResult['load'];
  if (withLoad) {
    const big = largeLoadCase(loadSplit('gold'), { items: 20, pages: 50 });
    // twice: the first run pays for loading the NLP model once per process (a cold start); the second is a warm Lambda's
    await runCase(big.case, drafter, fresh);
    const run = await runCase(big.case, drafter, fresh);
    load = { items: big.items, pages: big.pages, chars: big.chars, stepMs: run.timings, stepCpuMs: run.cpu };
  }
  return { provider: name, splits, stepMs, stepCpuMs, ...(load ? { load } : {}) };
}

interface Before {
  commit: string;
  splits: { split: Split; summary: Summary }[];
}

/** The summary table: one column per split, with the "before" figures beside each where there are any. */
function summaryTable(r: ProviderResult, before: Before | undefined): string[] {
  const columns = r.splits.flatMap((s) => {
    const b = before?.splits.find((x) => x.split === s.split);
    return [...(b ? [{ title: `${s.split}, before`, rows: summaryRows(b.summary), marked: false }] : []), { title: s.split, rows: summaryRows(s.summary), marked: true }];
  });
  const header = ['Metric', ...columns.map((c) => c.title), 'Target (held-out)'];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  summaryRows(r.splits[0]!.summary).forEach(([metric, , target], i) => {
    lines.push(`| ${[metric, ...columns.map((c) => `${c.rows[i]![1]}${c.marked && !c.rows[i]![3] ? ' **(missed)**' : ''}`), target].join(' | ')} |`);
  });
  return lines;
}

function markdown(results: readonly ProviderResult[], before: Before | undefined): string {
  const lines = [
    '# eval',
    '',
    `Measured ${new Date().toISOString()} on ${machine().cpus} CPUs, Node ${process.version}.`,
    '',
    ...results[0]!.splits.map((s) => `- ${s.split}: ${s.runs.map((r) => r.gold.id).join(', ')} (${s.split === 'gold' ? 'test/fixtures/eval/, written with the measure table' : `test/fixtures/eval-cases/${s.split}/`})`),
    '',
  ];
  const unmeasured = !results.some((r) => r.provider === 'bedrock');
  for (const r of results) {
    lines.push(`## ${r.provider}: per split`, '', ...summaryTable(r, before), '');
    if (before) lines.push(`"before": the drafter of commit ${before.commit}, on the same cases (bench/results/eval-before.md).`, '');
    // the epilogue's faithfulness check leaves out what its quotes do not bind before the metrics are taken: how many, per split
    lines.push(`Claims left out by the faithfulness check (the epilogue's, before the metrics): ${r.splits.map((s) => `${s.split} ${s.runs.reduce((n, run) => n + run.unfaithful.length, 0)}`).join(', ')} (each with its reason in eval.json).`, '');
    const held = r.splits.find((s) => s.split === 'held-out');
    if (held) {
      const missed = missedBlindTargets(held.summary);
      lines.push(missed.length ? `Held-out targets missed: ${missed.join('; ')}.` : 'Held-out targets: all met.', '');
    }
    const gold = r.splits.find((s) => s.split === 'gold');
    if (gold) {
      const missed = missedTargets(gold.summary);
      lines.push(missed.length ? `Gold-set targets missed: ${missed.join('; ')}.` : 'Gold-set targets (recall ≥ 90%, precision 100%, quadrants ≥ 90%, verbatim ≤ 20%, no repeats or invented figures, titles, conflicts, no planted instruction obeyed): all met.', '');
    }
  }
  if (unmeasured) lines.push('Bedrock: not measured. There are no recordings of real Converse answers (`npm run ai:record` makes them where AWS credentials are present); the hand-written replay fixtures in test/fixtures/bedrock/ test parsing, repair, verification and the faithfulness check, not the model.', '');
  for (const r of results) {
    lines.push(`## ${r.provider}: time per step`, '', `CPU time (user + system) and wall-clock time; the machine's load average was ${loadAverage} while measuring.`, '', '| Step | Cases, slowest: CPU / wall | 20 items × 50 pages: CPU / wall |', '|---|---|---|');
    for (const s of DRAFT_STEPS) lines.push(`| ${s} | ${r.stepCpuMs[s].toFixed(0)} ms / ${r.stepMs[s].toFixed(0)} ms | ${r.load ? `${r.load.stepCpuMs[s].toFixed(0)} ms / ${r.load.stepMs[s].toFixed(0)} ms` : '–'} |`);
    if (r.load) lines.push('', `Load: ${r.load.items} evidence items of ${r.load.pages} pages, ${(r.load.chars / 1e6).toFixed(1)} M characters, built from the gold texts (test/helpers/eval-load.ts); timed on the second run in the process. Every step is timed reading the evidence from scratch (no cached analysis or parsed line; a warm function drafting the steps in a row reads once). Loading the NLP model, once per process (a cold start), took ${modelLoadMs.toFixed(0)} ms and is not in the step times. Target ≤ ${TARGETS.secondsPerStep} s per step.`);
    for (const s of r.splits) {
      lines.push('', `## ${r.provider}: ${s.split}, per case`, '', '| Case | Recall | Faithful | Precision | Quadrants | Events | Titles | Unattributed copies | Repeats | Invented | Fragments | Conflicts |', '|---|---|---|---|---|---|---|---|---|---|---|---|');
      for (const run of s.runs) {
        const m = run.metrics;
        lines.push(`| ${m.case} | ${m.recalled}/${m.facts} | ${m.faithfulClaims}/${m.faithClaims} | ${m.preciseClaims}/${m.claims} | ${m.quadrantRight}/${m.quadrantFacts} | ${m.eventsNamed}/${m.events} | ${m.actionTitles}/${m.titles} | ${m.unattributedVerbatim}/${m.bodySentences} | ${m.repeats} | ${m.inventedFigures} | ${m.fragments} | ${m.conflictsFlagged}/${m.conflicts} |`);
      }
      if (s.split === 'held-out') continue;
      const problems = s.runs.flatMap((run) => run.metrics.problems.map((p) => ({ ...p, case: run.gold.id })));
      if (problems.length) {
        lines.push('', `### ${r.provider}: ${s.split}, what failed`, '');
        for (const p of problems.slice(0, 120)) lines.push(`- ${p.case} · ${p.metric} · ${p.where.replace(/\|/g, '\\|')}: ${p.detail.replace(/\|/g, '\\|')}`);
        if (problems.length > 120) lines.push(`- … and ${problems.length - 120} more (eval.json)`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

function beforeMarkdown(commit: string, results: readonly ProviderResult[]): string {
  const r = results[0]!;
  const lines = ['# eval: before', '', `The evaluation of the drafter of commit ${commit} (the baseline the current figures are compared with, on the same cases), measured ${new Date().toISOString()} with \`npm run eval -- --before\`. The figures the closing note compares with; \`eval.md\` shows them beside the current ones.`, '', ...summaryTable(r, undefined)];
  for (const s of r.splits) {
    lines.push('', `## ${s.split}, per case`, '', '| Case | Recall | Faithful | Precision | Quadrants | Events | Titles | Unattributed copies | Repeats | Invented | Fragments |', '|---|---|---|---|---|---|---|---|---|---|---|');
    for (const run of s.runs) {
      const m = run.metrics;
      lines.push(`| ${m.case} | ${m.recalled}/${m.facts} | ${m.faithfulClaims}/${m.faithClaims} | ${m.preciseClaims}/${m.claims} | ${m.quadrantRight}/${m.quadrantFacts} | ${m.eventsNamed}/${m.events} | ${m.actionTitles}/${m.titles} | ${m.unattributedVerbatim}/${m.bodySentences} | ${m.repeats} | ${m.inventedFigures} | ${m.fragments} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

const gold = loadSplit('gold');
const ask = await evaluateAsk(gold);
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
const chosen = process.argv.find((a) => a.startsWith('--splits='))?.slice('--splits='.length).split(',') ?? [...SPLITS];
const bySplit = new Map<Split, LoadedCase[]>(SPLITS.filter((s) => chosen.includes(s)).map((s) => [s, s === 'gold' ? gold : loadSplit(s)]));
const drafters: [string, Drafter][] = [['local', analystDrafter]];
const bedrock = bedrockDrafter();
if (bedrock) drafters.push(['bedrock', bedrock]);
const results: ProviderResult[] = [];
for (const [name, drafter] of drafters) results.push(await evaluate(name, drafter, bySplit, name === 'local' && !process.argv.includes('--no-load')));

mkdirSync(RESULTS, { recursive: true });
if (process.argv.includes('--before')) {
  const commit = process.env.EVAL_COMMIT ?? 'before';
  writeFileSync(BEFORE, `${JSON.stringify({ commit, splits: results[0]!.splits.map((s) => ({ split: s.split, summary: s.summary, cases: s.runs.map((r) => ({ ...r.metrics, problems: undefined })) })) }, null, 2)}\n`);
  writeFileSync(resolve(RESULTS, 'eval-before.md'), beforeMarkdown(commit, results));
}
const before = existsSync(BEFORE) ? (JSON.parse(readFileSync(BEFORE, 'utf8')) as Before) : undefined;
const partial = bySplit.size < SPLITS.length;
// a run of some splits (tuning) writes to the temporary directory, and leaves the evaluation of record as it was
const out = partial ? resolve(tmpdir(), `eval-${[...bySplit.keys()].join('-')}`) : resolve(RESULTS, 'eval');
writeFileSync(`${out}.md`, partial ? markdown(results, before) : withAskSection(markdown(results, before), askSection));
writeFileSync(
  `${out}.json`,
  `${JSON.stringify({ suite: 'eval', machine: machine(), results: results.map((r) => ({ provider: r.provider, stepMs: r.stepMs, stepCpuMs: r.stepCpuMs, loadAverage, load: r.load, splits: r.splits.map((s) => ({ split: s.split, summary: s.summary, cases: s.runs.map((run) => ({ ...run.metrics, timings: run.timings, cpu: run.cpu, dropped: run.dropped, unfaithful: run.unfaithful })) })) })) }, null, 2)}\n`,
);
for (const r of results) {
  console.log(`${r.provider}:`);
  for (const s of r.splits) {
    console.log(`  ${s.split}:`);
    for (const [metric, value, target, ok] of summaryRows(s.summary)) console.log(`    ${metric}: ${value} (target ${target}${ok ? '' : ', MISSED'})`);
  }
  for (const s of DRAFT_STEPS) console.log(`  ${s}: CPU ${r.stepCpuMs[s].toFixed(0)} ms, wall ${r.stepMs[s].toFixed(0)} ms${r.load ? `; 20 × 50 pages: CPU ${r.load.stepCpuMs[s].toFixed(0)} ms, wall ${r.load.stepMs[s].toFixed(0)} ms` : ''}`);
}
console.log(`results in ${out}.md`);
