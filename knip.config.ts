/**
 * knip (`npm run knip`, and a step of `npm test`): no unused file, export, type or dependency, no unlisted
 * dependency or binary. Every finding is either fixed or named below with the reason knip cannot see the use.
 *
 * Exports: a value (function, constant, class) used only in its own file is not exported; a type or interface
 * used in its own file may stay exported, as the vocabulary of that file's exported signatures.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // one Lambda per route and per background worker (scripts/build-functions.ts bundles each)
    'functions/http/*/*.ts',
    'functions/workers/*.ts',
    // the text extraction worker thread, loaded by URL (functions/domain/evidence/extract/index.ts) and bundled
    // beside each function that extracts text (extract/assets.ts EXTRACT_WORKER_ENTRY)
    'functions/domain/evidence/extract/worker.ts',
    'infra/bin/app.ts',
    // the local harness: `npm start`, `npm run preview`, and the stack the tests spawn by path (test/helpers/local-stack.ts)
    'infra/local/{start,preview,serve}.ts',
    'scripts/*.{ts,mjs}',
    'bench/*.ts',
    'bench/suites/*.ts',
    'test/**/*.ts',
    'frontend/src/main.tsx',
    'frontend/vite.config.ts',
  ],
  project: [
    'functions/**/*.ts',
    'shared/**/*.ts',
    'infra/**/*.ts',
    'frontend/src/**/*.{ts,tsx,css}',
    'frontend/*.ts',
    'scripts/**/*.{ts,js,mjs}',
    'bench/**/*.ts',
    'test/**/*.ts',
  ],
  ignoreExportsUsedInFile: { interface: true, type: true },
  ignoreDependencies: [
    // the DejaVu fonts of PDFs and chart images: font files read at run time by path, copied beside the bundles
    // that need them (scripts/build-functions.ts DATA_FILES, shared/api/workers.ts PDF_FONT_FILES)
    'dejavu-fonts-ttf',
    // the tests' strict XML parser, loaded with createRequire so its typings stay out of the Node project (test/helpers/xml.ts)
    '@xmldom/xmldom',
  ],
  // programs the harness, the tests and the prerequisite check run (not npm packages)
  ignoreBinaries: ['java', 'apt-cache', 'soffice', 'pdftotext'],
};

export default config;
