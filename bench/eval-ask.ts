/**
 * The "Ask the evidence" and conflict sections of `npm run eval`: the gold set's questions
 * answered by the local provider through the same verification as the ask route (test/helpers/ask-eval.ts),
 * and conflict detection recall on the gold set's conflicts. `npm run eval -- --ask-only` rewrites only
 * this section of bench/results/eval.md (the drafting figures above it are left as they were measured).
 */
import { loadavg } from 'node:os';
import { summariseAsk, type AskSummary, type QuestionResult } from './eval/ask';
import { detectConflicts } from '../functions/domain/ai/analyst/detect-conflicts';
import { conflictFound } from './eval/conflicts';
import { askCase } from '../test/helpers/ask-eval';
import type { LoadedCase } from '../test/helpers/eval-harness';

export const ASK_HEADING = '## Ask the evidence and conflicts between sources';

export interface AskEval {
  summary: AskSummary;
  results: QuestionResult[];
  conflicts: { found: number; total: number; extra: number };
}

export async function evaluateAsk(cases: readonly LoadedCase[]): Promise<AskEval> {
  const results: QuestionResult[] = [];
  let found = 0;
  let total = 0;
  let extra = 0;
  for (const c of cases) {
    results.push(...(await askCase(c)));
    const detected = await detectConflicts(c.gold.evidence.map((e) => ({ id: e.id, title: e.title, type: e.type, text: c.texts.get(e.id) ?? '' })), c.gold.organization.name);
    for (const g of c.gold.conflicts) {
      total++;
      if (conflictFound(g, detected)) found++;
    }
    extra += detected.filter((d) => !c.gold.conflicts.some((g) => conflictFound(g, [d]))).length;
  }
  return { summary: summariseAsk(results), results, conflicts: { found, total, extra } };
}

const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
const cell = (s: string) => s.replace(/\|/g, '\\|');

export function askMarkdown(e: AskEval): string {
  const s = e.summary;
  const ms = e.results.map((r) => r.ms).sort((a, b) => a - b);
  const lines = [
    ASK_HEADING,
    '',
    `The gold set's ${e.results.length} questions (\`questions\` in each case.json; ${s.unanswerable} the evidence does not answer), asked of the local provider: BM25 retrieval over sentences, an extractive answer naming its sources, the ask route's verification (functions/domain/ai/text/grounding.ts groundSentences). Load average ${loadavg().map((v) => v.toFixed(1)).join(', ')}.`,
    '',
    '| Metric | local | Target |',
    '|---|---|---|',
    `| Answer correctness (an expected figure in the answer) | ${s.correct}/${s.answerable} | all |`,
    `| Citation precision (quote verbatim, the sentence's figures and names in it) | ${pct(s.citationPrecision)} (${s.precise}/${s.sentences}) | 100% |`,
    `| "Not in the evidence" for unanswerable questions | ${s.notInEvidence}/${s.unanswerable} | all |`,
    `| Conflict detection recall (gold conflicts found with both figures) | ${e.conflicts.found}/${e.conflicts.total} | all |`,
    `| Conflicts found that the gold set does not list | ${e.conflicts.extra} | 0 |`,
    `| Time per question, median / slowest (gold cases) | ${(ms[Math.floor(ms.length / 2)] ?? 0).toFixed(1)} ms / ${(ms.at(-1) ?? 0).toFixed(1)} ms | – |`,
    '',
    '| Case | Question | Expected | Answer (sources) | Correct |',
    '|---|---|---|---|---|',
  ];
  for (const r of e.results) {
    const answer = r.sentences.length ? r.sentences.map((x) => x.quote).join(' / ') : '(not in the evidence)';
    lines.push(`| ${r.case} | ${cell(r.question)} | ${r.unanswerable ? 'not in the evidence' : '✓ figure'} | ${cell(answer.length > 160 ? `${answer.slice(0, 157)}…` : answer)} | ${r.correct ? 'yes' : '**no**'} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** `md` with its Ask section replaced by `section` (or `section` appended). */
export function withAskSection(md: string, section: string): string {
  const at = md.indexOf(ASK_HEADING);
  if (at < 0) return `${md.trimEnd()}\n\n${section}`;
  const next = md.indexOf('\n## ', at + ASK_HEADING.length);
  return `${md.slice(0, at)}${section}${next < 0 ? '' : `\n${md.slice(next + 1)}`}`;
}
