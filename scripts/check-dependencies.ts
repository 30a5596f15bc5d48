/**
 * `npm run check:deps` (and a step of `npm test`): the dependency rules of the house, checked with
 * dependency-cruiser over functions/, shared/, infra/, bench/, scripts/, test/ and frontend/src/. Built from the
 * list of areas (shared/api/areas.ts):
 * - a domain area (functions/domain/<area>/) imports areas of a lower rank (any file), or an area of its own rank
 *   only through that area's index.ts; never an area of a higher rank;
 * - no circular dependencies between files, anywhere (a type-only import counts: it is a dependency of the design);
 * - no cycles between the folders of functions/domain: its areas, and the rooms inside an area (ai/analyst,
 *   ai/providers, …). dependency-cruiser derives each folder's dependencies from its files' (a folder holds its
 *   subfolders' files), so a loop of areas is a loop of their folders once the rank rule holds: imports between
 *   areas of one rank, the only ones that can close a loop, land on an area's index.ts, in the area's own folder.
 * ESLint's boundaries rule (scripts/eslint/boundaries.js) keeps the layers apart (frontend, functions, infra,
 * shared; the domain's data ports; SPA features through their index); this checks what it does not: ranks and
 * cycles. Prints every violation and exits non-zero when there is one.
 */
import { resolve } from 'node:path';
import { cruise, type ICruiseOptions, type IFlattenedRuleSet, type IViolation } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { type AreaDef, AREAS, RANKS } from '../shared/api/areas';

const ROOT = resolve(import.meta.dirname, '..');

const DOMAIN = 'functions/domain';
const anyOf = (names: readonly string[]) => `(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;

/** The rule set for a list of areas (by name, with their ranks). */
export function dependencyRules(areas: Record<string, Pick<AreaDef, 'rank'>>): IFlattenedRuleSet {
  const names = Object.keys(areas);
  const ofRank = (i: number) => names.filter((n) => RANKS.indexOf(areas[n]!.rank) === i);
  const forbidden: NonNullable<IFlattenedRuleSet['forbidden']> = [];
  RANKS.forEach((rank, i) => {
    const same = ofRank(i);
    const higher = names.filter((n) => RANKS.indexOf(areas[n]!.rank) > i);
    if (!same.length) return;
    if (higher.length) {
      forbidden.push({
        name: 'domain-upward',
        severity: 'error',
        comment: `a ${rank} area imports no area of a higher rank (shared/api/areas.ts)`,
        from: { path: `^${DOMAIN}/${anyOf(same)}/` },
        to: { path: `^${DOMAIN}/${anyOf(higher)}/` },
      });
    }
    if (same.length > 1) {
      forbidden.push({
        name: 'domain-same-rank-not-index',
        severity: 'error',
        comment: `a ${rank} area imports another ${rank} area only through its index.ts`,
        // $1: the importing area (its own files are its own business)
        from: { path: `^${DOMAIN}/(${anyOf(same)})/` },
        to: { path: `^${DOMAIN}/${anyOf(same)}/`, pathNot: `^${DOMAIN}/(?:$1/|${anyOf(same)}/index\\.ts$)` },
      });
    }
  });
  forbidden.push(
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'no circular dependencies between files',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-folder-cycle',
      severity: 'error',
      comment: 'no cycles between the areas of the domain, nor between the rooms of an area',
      scope: 'folder',
      from: { path: `^${DOMAIN}/` },
      to: { path: `^${DOMAIN}/`, circular: true },
    },
  );
  return { forbidden };
}

/** One cruise: where it starts, and the tsconfig that resolves its aliases (none: relative imports only). */
export interface Cruise {
  paths: string[];
  tsConfig?: string;
}

/** The repository's cruises: the SPA resolves `@/` through its own tsconfig; the rest through the root one. */
export const REPOSITORY_CRUISES: Cruise[] = [
  { paths: ['functions', 'shared', 'infra', 'bench', 'scripts', 'test'], tsConfig: 'tsconfig.json' },
  { paths: ['frontend/src'], tsConfig: 'frontend/tsconfig.json' },
];

/** The violations of the rules under `root`, each once (a module two cruises both reach is judged once). */
export async function checkDependencies(root: string, areas: Record<string, Pick<AreaDef, 'rank'>>, cruises: readonly Cruise[]): Promise<IViolation[]> {
  const ruleSet = dependencyRules(areas);
  const found = new Map<string, IViolation>();
  for (const c of cruises) {
    const tsConfig = c.tsConfig ? resolve(root, c.tsConfig) : undefined;
    const options: ICruiseOptions = {
      baseDir: root,
      validate: true,
      ruleSet,
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '(^|/)(node_modules|dist|cdk\\.out|test-results|test-reports|\\.local)/' },
      ...(tsConfig ? { tsConfig: { fileName: tsConfig } } : {}),
    };
    const result = await cruise(c.paths, options, undefined, tsConfig ? { tsConfig: extractTSConfig(tsConfig) } : undefined);
    if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text, not a result');
    for (const v of result.output.summary.violations) {
      const key = `${v.rule.name}\u0000${v.from}\u0000${v.to}`;
      if (!found.has(key)) found.set(key, v);
    }
  }
  return [...found.values()];
}

/** A violation in one line: the rule, where from and to, and the loop it closes when it is a cycle. */
export function describe(v: IViolation): string {
  const cycle = v.cycle?.length ? `  (loop: ${[v.from, ...v.cycle.map((c) => c.name)].join(' → ')})` : '';
  return `${v.rule.name}: ${v.from} → ${v.to}${cycle}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const violations = await checkDependencies(ROOT, AREAS, REPOSITORY_CRUISES);
  for (const v of violations) console.log(describe(v));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (violations.length) {
    console.error(`\n${violations.length} dependency rule violation${violations.length === 1 ? '' : 's'} (${seconds} s): the rules are in scripts/check-dependencies.ts, the ranks in shared/api/areas.ts`);
    process.exit(1);
  }
  console.log(`dependency rules hold (${seconds} s)`);
}
