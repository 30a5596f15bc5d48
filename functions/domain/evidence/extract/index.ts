/**
 * Text extraction from evidence files, inside a time and memory budget.
 *
 * pdf.js and the other parsers do synchronous CPU work, so a timer on the same thread could not stop them:
 * every extraction that parses runs in a fresh `worker_threads` Worker with a heap limit, which is
 * terminated when the budget runs out. Plain text, .doc and .xls need no parser and are answered here.
 * This module imports no parser, so importing it is cheap.
 *
 * The worker is `worker.ts` when this file runs from source under tsx or vitest (the worker then loads tsx
 * too), and `extract-worker.mjs` beside the bundle when esbuild bundled this file (see ./assets).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EvidenceFileKind } from '../file-types';
import { EXTRACT_WORKER_FILE } from './assets';
import { METHOD_BY_KIND } from './methods';
import { extractPlainText, finishExtraction, isLegacyOffice, legacyOfficeExtraction } from './text';
import {
  DEFAULT_MAX_TEXT_CHARS,
  DEFAULT_MEMORY_LIMIT_MB,
  DEFAULT_TIME_BUDGET_MS,
  type Extraction,
  type ExtractOptions,
  type WorkerReply,
  type WorkerRequest,
} from './types';

export { EXTRACT_WORKER_ENTRY, EXTRACT_WORKER_FILE, OCR_ASSETS } from './assets';
export { DEFAULT_MAX_TEXT_CHARS, DEFAULT_TIME_BUDGET_MS, LEGACY_OFFICE_REASON } from './types';
export type { Extraction, ExtractOptions } from './types';

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/** tsx's ESM API (`tsx/esm/api`, import condition), located through its package.json. */
function tsxEsmApiUrl(): string {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(manifestPath), manifest.exports['./esm/api']!.import.default)).href;
}

/**
 * How to start the worker: the bundled `extract-worker.mjs` beside this file, or, when this file runs from
 * TypeScript source, a small bootstrap that registers tsx's loader in the new thread and imports `worker.ts`.
 */
export function extractWorkerTarget(): { script: URL | string; eval: boolean } {
  if (import.meta.url.endsWith('.ts')) {
    const tsxApi = tsxEsmApiUrl();
    const entry = new URL('./worker.ts', import.meta.url).href;
    const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
    return { script: bootstrap, eval: true };
  }
  return { script: new URL(`./${EXTRACT_WORKER_FILE}`, import.meta.url), eval: false };
}

function runInWorker(request: WorkerRequest, timeBudgetMs: number, memoryLimitMb: number): Promise<Extraction> {
  const method = METHOD_BY_KIND[request.kind];
  const failed = (reason: string): Extraction => ({ status: 'failed', text: '', reason, method });
  return new Promise<Extraction>((resolve) => {
    let worker: Worker;
    try {
      const target = extractWorkerTarget();
      worker = new Worker(target.script, {
        eval: target.eval,
        // not the parent's flags (e.g. --input-type, --eval): the worker is a plain module or eval script
        execArgv: [],
        workerData: request,
        resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 },
      });
    } catch (error) {
      resolve(failed(`Text extraction could not start: ${(error as Error).message}`));
      return;
    }
    let settled = false;
    const settle = (result: Extraction) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(
      () => settle(failed(`Text extraction took longer than ${seconds(timeBudgetMs)} and was stopped`)),
      timeBudgetMs,
    );
    worker.once('message', (reply: WorkerReply) =>
      settle(reply.ok ? reply.extraction : failed(`Text extraction failed: ${reply.message}`)),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? failed(`Text extraction needed more than ${memoryLimitMb} MB of memory and was stopped`)
          : failed(`Text extraction failed: ${error.message}`),
      ),
    );
    worker.once('exit', (code) => settle(failed(`Text extraction stopped unexpectedly (exit code ${code})`)));
  });
}

/**
 * The text of an evidence file of a known kind (see detectFileKind). Never throws: hostile, broken or
 * too-large files give `failed` with a reason, files without text give `no_text` with a reason.
 */
export async function extractText(bytes: Uint8Array, kind: EvidenceFileKind, opts: ExtractOptions = {}): Promise<Extraction> {
  const maxTextChars = opts.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS;
  if (isLegacyOffice(kind)) return legacyOfficeExtraction();
  if (kind === 'txt') return finishExtraction(extractPlainText(bytes), maxTextChars);
  return runInWorker(
    { bytes, kind, maxTextChars },
    opts.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS,
    opts.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
  );
}
