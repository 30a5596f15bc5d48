/**
 * Probe (not a suite): the pre-read of the gold cases' drafted reports (steps 5–9 drafted with the local analyst as
 * `npm run eval` drafts them, then composed into sections): the score and the rules each draft fails.
 *   tsx bench/pre-read-gold.ts
 */
import { COLD_START_ENV } from '../test/helpers/cold-start-env';

Object.assign(process.env, COLD_START_ENV);
const { checkConsistency } = await import('../shared/domain/report/consistency');
const { preRead } = await import('../shared/domain/pre-read/pre-read');
const { analystDrafter, loadGoldCases, runCase } = await import('../test/helpers/eval-harness');

console.log('| case | score | rules met | failing rules (items) |\n|---|---|---|---|');
for (const c of loadGoldCases()) {
  const run = await runCase(c, analystDrafter);
  // the drafted steps composed into sections, as the evaluation composes them
  const sections = run.sections;
  // an interview's role, as its title names it ("Interview: Fiona Marsh, CFO"); the app keeps it as the item's source
  const interviews = new Map(c.gold.evidence.filter((e) => e.type === 'interview').map((e) => [e.id, e.title.split(', ').pop()!.trim()]));
  const result = preRead({ sections, consistency: checkConsistency(run.data).issues, interviews });
  const failing = result.rules.filter((r) => !r.met).map((r) => `${r.rule} (${r.items})`);
  console.log(`| ${c.gold.id} | ${result.score} | ${result.met}/${result.total} | ${failing.join(', ') || '–'} |`);
  if (process.env.PRE_READ_VERBOSE) for (const i of result.items) console.log(`  ${i.rule} ${i.section}: ${i.problem}`);
}
