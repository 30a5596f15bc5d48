/**
 * Bundles one Lambda per route-table entry into dist/functions/<route id>/index.mjs (ESM, minified,
 * Node 20 syntax for the nodejs22.x runtime). The AWS SDK clients are bundled: one file loads in ~65 ms where
 * the runtime's unbundled SDK takes ~150-200 ms, and the deployed code runs the SDK versions the tests ran.
 * Only the credential providers Lambda never reaches are left to the runtime's copy: a function gets its
 * credentials from the environment, so the SSO, INI, process, web-identity, container/IMDS providers (and the
 * STS/SSO clients behind them) are loaded by the SDK's lazy import() only off Lambda; likewise the
 * event-stream serde, which only streaming operations load.
 * Data files a bundle reads at run time (the common-password list) are copied beside it. Background workers
 * (shared/api/workers.ts) are bundled the same way into dist/functions/worker-<id>/, with their data files.
 */
const SDK_LEFT_TO_RUNTIME = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/nested-clients',
  '@aws-sdk/token-providers',
  '@smithy/credential-provider-imds',
  // imported lazily by the protocol code only for event-stream operations; none of ours stream
  '@smithy/core/event-streams',
];

/**
 * Packages loaded at run time from beside the bundle instead of bundled: the local analyst's language model
 * (wink-nlp and its 3.5 MB English model) is loaded only when a step is drafted, so a function does not parse
 * it at every cold start (bundled, it added about 3.6 MB and 90 ms to each import). A function whose bundle
 * holds the analyst gets node_modules/<package> beside index.mjs with only the files the package loads.
 */
export const RUNTIME_PACKAGES: { name: string; files: string[]; when: string }[] = [
  { name: 'wink-nlp', files: ['package.json', 'src'], when: 'functions/domain/ai/analyst/nlp.ts' },
  { name: 'wink-eng-lite-web-model', files: ['package.json', 'dist'], when: 'functions/domain/ai/analyst/nlp.ts' },
];

const DATA_FILES: { source: string; when: string }[] = [
  { source: 'functions/domain/auth/common-passwords.txt.gz', when: 'functions/domain/auth/password-policy.ts' },
  // charts drawn on the server: resvg's WebAssembly and the fonts the PNGs are drawn in (render-svg.ts RENDER_ASSETS)
  { source: 'node_modules/@resvg/resvg-wasm/index_bg.wasm', when: 'functions/domain/visuals/render-svg.ts' },
  { source: 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', when: 'functions/domain/visuals/render-svg.ts' },
  { source: 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf', when: 'functions/domain/visuals/render-svg.ts' },
];
import { build, type Metafile } from 'esbuild';
import { copyFileSync, cpSync, rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { resolve } from 'node:path';
import { routeList } from '@shared/api/routes';
import { workerList } from '@shared/api/workers';
import { extractWorkerBuildOptions, OCR_ASSETS, ocrWorkerBuildOptions } from '../functions/domain/evidence/extract/assets';

export const ROOT = resolve(import.meta.dirname, '..');
export const FUNCTIONS_OUT = resolve(ROOT, 'dist/functions');

/** Builds every route's bundle, or only the routes named in `only` (benchmarks of one function). */
export async function buildFunctions(opts: { quiet?: boolean; only?: readonly string[] } = {}): Promise<Metafile> {
  const chosen = opts.only ? routeList.filter((r) => opts.only!.includes(r.id)) : routeList;
  if (opts.only) for (const r of chosen) rmSync(resolve(FUNCTIONS_OUT, r.id), { recursive: true, force: true });
  else rmSync(FUNCTIONS_OUT, { recursive: true, force: true });
  // background workers (shared/api/workers.ts): dist/functions/worker-<id>/index.mjs, with their data files
  const workers = workerList.filter((w) => !opts.only || opts.only.includes(`worker-${w.id}`));
  if (opts.only) for (const w of workers) rmSync(resolve(FUNCTIONS_OUT, `worker-${w.id}`), { recursive: true, force: true });
  const entryPoints = Object.fromEntries([
    ...chosen.map((r): [string, string] => [`${r.id}/index`, resolve(ROOT, 'functions/http', `${r.handler}.ts`)]),
    ...workers.map((w): [string, string] => [`worker-${w.id}/index`, resolve(ROOT, 'functions/workers', `${w.handler}.ts`)]),
  ]);
  const result = await build({
    entryPoints,
    absWorkingDir: ROOT,
    outdir: FUNCTIONS_OUT,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    minify: true,
    treeShaking: true,
    legalComments: 'none',
    metafile: true,
    logLevel: opts.quiet ? 'error' : 'warning',
    tsconfig: resolve(ROOT, 'tsconfig.json'),
    mainFields: ['module', 'main'],
    external: [...SDK_LEFT_TO_RUNTIME, ...RUNTIME_PACKAGES.map((p) => p.name)],
    // the harness's fault injection (functions/lib/harness-faults.ts) is never deployed: folded away here
    define: { 'process.env.ASSAY_HARNESS_FAULTS': '"false"' },
    // some dependencies are CommonJS and call require(); give ESM bundles one
    banner: { js: "import{createRequire as __assayRequire}from'module';const require=__assayRequire(import.meta.url);" },
  });
  for (const [out, info] of Object.entries(result.metafile.outputs)) {
    const dir = resolve(ROOT, dirname(out));
    for (const data of DATA_FILES) {
      if (data.when in info.inputs) copyFileSync(resolve(ROOT, data.source), resolve(dir, basename(data.source)));
    }
    for (const p of RUNTIME_PACKAGES) {
      if (!(p.when in info.inputs)) continue;
      for (const f of p.files) cpSync(resolve(ROOT, 'node_modules', p.name, f), resolve(dir, 'node_modules', p.name, f), { recursive: true });
    }
    for (const w of workers) {
      if (out.endsWith(`worker-${w.id}/index.mjs`)) for (const f of w.dataFiles ?? []) copyFileSync(resolve(ROOT, f), resolve(dir, basename(f)));
    }
    // functions that extract text: the extraction worker (code-split per parser) and the offline OCR assets
    if ('functions/domain/evidence/extract/index.ts' in info.inputs) {
      const logLevel = opts.quiet ? 'error' : 'warning';
      await build({ ...extractWorkerBuildOptions(ROOT, dir), logLevel });
      await build({ ...ocrWorkerBuildOptions(ROOT, dir), logLevel });
      for (const f of OCR_ASSETS.dataFiles) copyFileSync(resolve(ROOT, f), resolve(dir, basename(f)));
    }
  }
  return result.metafile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const meta = await buildFunctions();
  for (const [file, out] of Object.entries(meta.outputs)) console.log(`${file}  ${(out.bytes / 1024).toFixed(1)} KB`);
}
