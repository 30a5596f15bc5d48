/**
 * What a bundle that extracts text needs beside its `index.mjs` (scripts/build-functions.ts reads this).
 * Importing this file costs nothing: it holds names only.
 */

/** Source of the extraction worker; bundled to `extract-worker.mjs` beside each function that extracts text. */
export const EXTRACT_WORKER_ENTRY = 'functions/domain/evidence/extract/worker.ts';
export const EXTRACT_WORKER_FILE = 'extract-worker.mjs';

/**
 * OCR: tesseract.js runs its recogniser in a worker thread of its own. In a bundle that thread's script is
 * `tesseract-worker.cjs` (CommonJS: the Emscripten core finds its .wasm beside it through __dirname),
 * next to the WebAssembly cores and the English language data, all copied from node_modules.
 */
export const OCR_ASSETS = {
  workerEntry: 'node_modules/tesseract.js/src/worker-script/node/index.js',
  workerFile: 'tesseract-worker.cjs',
  /**
   * Copied as they are, beside the bundle. tesseract.js 6's Node worker always loads the full core (with
   * SIMD where the CPU has it, which Lambda's do), whatever engine mode is asked for.
   */
  dataFiles: [
    'node_modules/tesseract.js-core/tesseract-core-simd.wasm',
    'node_modules/tesseract.js-core/tesseract-core.wasm',
    'node_modules/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
  ],
  langFile: 'eng.traineddata.gz',
  /** the language data inside @tesseract.js-data/eng (LSTM, integer model: small and fast) */
  langDir: '4.0.0_best_int',
} as const;

/**
 * esbuild options that bundle the extraction worker into `outdir` (a function's folder): ESM with code
 * splitting, so a worker loads only the parser it needs (`extract-worker.mjs` plus `extract-*.mjs` chunks).
 * The banner gives the CommonJS dependencies `require`, `__filename` and `__dirname`.
 * Returned as a plain object (esbuild's BuildOptions shape) so this file needs no import of esbuild.
 */
export function extractWorkerBuildOptions(root: string, outdir: string) {
  return {
    absWorkingDir: root,
    entryPoints: { 'extract-worker': `${root}/${EXTRACT_WORKER_ENTRY}` },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'extract-[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node' as const,
    target: 'node20',
    format: 'esm' as const,
    minify: true,
    treeShaking: true,
    legalComments: 'none' as const,
    tsconfig: `${root}/tsconfig.json`,
    mainFields: ['module', 'main'],
    banner: {
      js:
        "import{createRequire as __assayRequire}from'module';const require=__assayRequire(import.meta.url);" +
        "import{fileURLToPath as __assayPath}from'url';import{dirname as __assayDir}from'path';" +
        'const __filename=__assayPath(import.meta.url);const __dirname=__assayDir(__filename);',
    },
  };
}

/** esbuild options for tesseract.js's own worker script (CommonJS), written to `outdir`. */
export function ocrWorkerBuildOptions(root: string, outdir: string) {
  return {
    absWorkingDir: root,
    entryPoints: [`${root}/${OCR_ASSETS.workerEntry}`],
    outfile: `${outdir}/${OCR_ASSETS.workerFile}`,
    bundle: true,
    platform: 'node' as const,
    target: 'node20',
    format: 'cjs' as const,
    minify: true,
    legalComments: 'none' as const,
  };
}
