/**
 * knip (`npm run knip`, and a step of `npm test`), run twice:
 * - `knip`: no unused file, export, type or dependency, no unlisted dependency or binary, over everything
 *   (tests, benchmarks, scripts and the harness included). An export is used by another file: a value (function,
 *   constant, class) used only in its own file is not exported; a type or interface used in its own file may stay
 *   exported, as the vocabulary of that file's exported signatures.
 * - `knip --production --strict`: what ships (the Lambda bundles and the SPA, the entries and files marked `!`)
 *   imports only packages listed in `dependencies`, and every package listed there is used by what ships; build
 *   and test tools are `devDependencies`.
 * Every finding is fixed, or named below with the reason knip cannot see the use.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = ({ production }) => ({
  entry: [
    // one Lambda per route and per background worker (scripts/build-functions.ts bundles each)
    'functions/http/*/*.ts!',
    'functions/workers/*.ts!',
    // the text extraction worker thread, loaded by URL (functions/domain/evidence/extract/index.ts) and bundled
    // beside each function that extracts text (extract/assets.ts EXTRACT_WORKER_ENTRY)
    'functions/domain/evidence/extract/worker.ts!',
    'frontend/src/main.tsx!',
    'frontend/vite.config.ts',
    'infra/bin/app.ts',
    // the local harness: `npm start`, `npm run preview`, and the stack the tests spawn by path (test/helpers/local-stack.ts)
    'infra/local/{start,preview,serve}.ts',
    'scripts/*.{ts,mjs}',
    'bench/*.ts',
    'bench/suites/*.ts',
    'test/**/*.ts',
  ],
  project: [
    'functions/**/*.ts!',
    'shared/**/*.ts!',
    'frontend/src/**/*.{ts,tsx}!',
    'frontend/src/**/*.css',
    'frontend/*.ts',
    'infra/**/*.ts',
    'scripts/**/*.{ts,js,mjs}',
    'bench/**/*.ts',
    'test/**/*.ts',
  ],
  // the local harness is no production code, though `npm start` runs it (knip reads the start script as production)
  ...(production ? { ignore: ['infra/local/**'] } : {}),
  ignoreExportsUsedInFile: { interface: true, type: true },
  ignoreDependencies: [
    // the tests' strict XML parser, loaded with createRequire so its typings stay out of the Node project (test/helpers/xml.ts)
    '@xmldom/xmldom',
    // the DejaVu fonts of PDFs and chart images: in what ships, font files read at run time by path and copied
    // beside the bundles that need them (scripts/build-functions.ts DATA_FILES, shared/api/workers.ts
    // PDF_FONT_FILES); the tests resolve them as a module, so only the production check needs telling
    ...(production ? ['dejavu-fonts-ttf'] : []),
  ],
  // programs the harness, the tests and the prerequisite check run (not npm packages)
  ignoreBinaries: ['java', 'apt-cache', 'soffice', 'pdftotext', 'pdftoppm', 'unshare'],
});

export default config;
