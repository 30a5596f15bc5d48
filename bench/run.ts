/**
 * `npm run bench [suite ...]`: runs the benchmark suites and writes bench/results/<suite>.json and .md,
 * plus bench/results/README.md with every table.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { assertPrerequisites } from '../infra/local/prerequisites';
import { RESULTS, writeSuite, type SuiteResult } from './lib';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const suites: Record<string, () => Promise<{ run: () => Promise<SuiteResult> }>> = {
  functions: () => import('./suites/functions'),
  signin: () => import('./suites/signin'),
  dashboard: () => import('./suites/dashboard'),
  extraction: () => import('./suites/extraction'),
  evidence: () => import('./suites/evidence'),
  wizard: () => import('./suites/wizard'),
  'report-document': () => import('./suites/report-document'),
  editor: () => import('./suites/editor'),
  visuals: () => import('./suites/visuals'),
  exports: () => import('./suites/exports'),
  templates: () => import('./suites/templates'),
  infra: () => import('./suites/infra'),
  'session-check': () => import('./suites/session-check'),
  notifications: () => import('./suites/notifications'),
  lighthouse: () => import('./suites/lighthouse'),
  'test-suite': () => import('./suites/test-suite'),
  ask: () => import('./suites/ask'),
  benchmarks: () => import('./suites/benchmarks'),
  ledger: () => import('./suites/ledger'),
  'data-room': () => import('./suites/data-room'),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !(w in suites));
if (unknown.length) {
  console.error(`unknown suite(s): ${unknown.join(', ')}; known: ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
// (the exports suite renders pandoc's reference files; the extraction suite reads office files through LibreOffice)
const runs = (suite: string) => !wanted.length || wanted.includes(suite);
assertPrerequisites({ java: true, chromium: true, pandoc: runs('exports'), office: runs('extraction') });

let failed = false;
for (const name of wanted.length ? wanted : Object.keys(suites)) {
  console.log(`\n━━ bench: ${name}`);
  const result = await (await suites[name]!()).run();
  writeSuite(result);
  for (const row of result.table) console.log(`  ${row.figure}: ${row.value}${row.goal ? ` (goal ${row.goal}: ${row.ok ? 'met' : 'NOT met'})` : ''}`);
  if (result.table.some((r) => r.ok === false)) failed = true;
}

const parts = readdirSync(RESULTS).filter((f) => f.endsWith('.md') && f !== 'README.md').sort();
writeFileSync(
  resolve(RESULTS, 'README.md'),
  `# Benchmark results\n\nWritten by \`npm run bench\`. One section per suite; the JSON files hold every measurement.\n\n${parts
    .map((f) => readFileSync(resolve(RESULTS, f), 'utf8').replace(/^# /, '## '))
    .join('\n')}`,
);
console.log(`\nresults in bench/results/${failed ? ' (some goals not met)' : ''}`);
if (existsSync(resolve(RESULTS, 'README.md'))) console.log('summary: bench/results/README.md');
