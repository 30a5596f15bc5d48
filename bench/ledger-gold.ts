/**
 * Probe (not a suite): the claim ledger on the gold cases' drafted reports (steps 5–9 drafted with the local
 * analyst as `npm run eval` drafts them, then composed into sections), and on one of them with five wrong figures
 * planted by hand: figures per report, the share of each support, the disagreements, how many planted figures
 * the ledger flags.
 *   tsx bench/ledger-gold.ts
 */
import { COLD_START_ENV } from '../test/helpers/cold-start-env';

Object.assign(process.env, COLD_START_ENV);
const { crossDisagreements, ledgerCounts, ledgerOfPart, withRestatements } = await import('../shared/domain/ledger/ledger');
const { measureOf } = await import('../functions/domain/ledger/measure');
const { analystDrafter, loadGoldCases, runCase } = await import('../test/helpers/eval-harness');

type Section = { key: string; content: string; citations: { id: string; quote: string }[] };

function ledgerOf(sections: readonly Section[], scores: { name: string; value: number }[], evidenceCount: number) {
  const parts = sections.map((s) => ledgerOfPart({ part: `section:${s.key}`, text: s.content, citations: s.citations }, { measureOf, scores, evidenceCount }));
  const entries = withRestatements(parts.flatMap((p) => p.entries));
  const disagreements = [...parts.flatMap((p) => p.disagreements), ...crossDisagreements(entries, parts.flatMap((p) => p.trends))];
  return { entries, disagreements, counts: ledgerCounts(entries, disagreements, []) };
}

const pct = (n: number, d: number) => (d ? `${Math.round((100 * n) / d)}%` : '–');
const rows: string[] = [];
let planted: { sections: Section[]; scores: { name: string; value: number }[]; evidenceCount: number } | undefined;
for (const c of loadGoldCases()) {
  const run = await runCase(c, analystDrafter);
  // the drafted steps composed into sections, as the evaluation composes them
  const sections = run.sections as Section[];
  const scores = (run.data.findings?.dimensions ?? []).map((d) => ({ name: d.dimension, value: d.score }));
  const { counts, entries, disagreements } = ledgerOf(sections, scores, c.gold.evidence.length);
  rows.push(
    `| ${c.gold.id} | ${counts.figures} | ${pct(counts.cited, counts.figures)} | ${pct(counts.derived, counts.figures)} | ${pct(counts.data, counts.figures)} | ${pct(counts.unsupported, counts.figures)} | ${counts.disagreements} |`,
  );
  if (process.env.LEDGER_VERBOSE) {
    for (const e of entries.filter((x) => x.support === 'unsupported')) console.log(`  unsupported ${c.gold.id} ${e.part}: ${e.text} · ${e.excerpt}`);
    for (const d of disagreements) console.log(`  disagreement ${c.gold.id}: ${d.detail}`);
  }
  planted ??= { sections, scores, evidenceCount: c.gold.evidence.length };
}
console.log('| case | figures | cited | derived | data | unsupported | disagreements |\n|---|---|---|---|---|---|---|');
console.log(rows.join('\n'));

// five wrong figures planted by hand in the first case's draft
const { sections, scores, evidenceCount } = planted!;
const before = ledgerOf(sections, scores, evidenceCount);
const edit = (key: string, fn: (s: string) => string) => {
  const s = sections.find((x) => x.key === key)!;
  s.content = fn(s.content);
};
let changed = '';
const PLANTS = [
  // 1. a typed figure with no source
  ['conclusion', (s: string) => `${s}\n\nEBITDA margin is expected to reach 14% by FY2026.`],
  // 2. a wrong derivation between two figures
  ['introduction', (s: string) => `${s}\n\nStaff turnover was 12% in 2023 and 19% in 2024, a rise of 9 points.`],
  // 3. a total that does not add up
  ['appendices', (s: string) => `${s}\n\n| Segment | Revenue |\n|---|---|\n| North | £4.1m |\n| South | £3.2m |\n| Total | £8.3m |`],
  // 4. the summary and the findings disagree on one measure and period
  ['executive-summary', (s: string) => `${s}\n\nGross margin was 31% in FY2024.`],
  ['findings', (s: string) => `${s}\n\nGross margin was 34% in FY2024.`],
  // 5. a cited figure changed after it was cited: the quote no longer states it
  ['findings', (s: string) => s.replace(/(\d+(?:\.\d+)?)%(?=[^\n]*\[@)/, (_m, n: string) => (changed = `${Number(n) + 3}%`))],
] as const;
for (const [key, fn] of PLANTS) edit(key, fn);
const after = ledgerOf(sections, scores, evidenceCount);
const flagged = {
  typed: after.entries.some((e) => e.text === '14%' && e.support === 'unsupported'),
  derivation: after.entries.some((e) => e.text === '9 points' && e.support === 'unsupported'),
  total: after.disagreements.some((d) => d.kind === 'total' && d.detail.includes('£8.3m')),
  disagreement: after.disagreements.some((d) => d.kind === 'value' && d.detail.includes('31%') && d.detail.includes('34%')),
  changedCitation: Boolean(changed) && after.entries.some((e) => e.part === 'section:findings' && e.text === changed && e.support === 'unsupported'),
};
console.log(`\nplanted 5 wrong figures; flagged: ${Object.values(flagged).filter(Boolean).length} ${JSON.stringify(flagged)}`);
console.log(`unsupported ${before.counts.unsupported} → ${after.counts.unsupported}; disagreements ${before.counts.disagreements} → ${after.counts.disagreements}`);
