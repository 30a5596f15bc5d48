/**
 * Text extraction from evidence files, inside a time and memory budget.
 *
 * pdf.js and the other parsers do synchronous CPU work, so a timer on the same thread could not stop them:
 * every extraction that parses runs in a worker thread with a heap limit (functions/lib/worker-thread.ts),
 * which is terminated when the budget runs out. Plain text, .doc and .xls need no parser and are answered
 * here. This module imports no parser, so importing it is cheap.
 *
 * The worker is `worker.ts` when this file runs from source under tsx or vitest, and `extract-worker.mjs`
 * beside the bundle when esbuild bundled this file (see ./assets).
 */
import { runInWorker } from '../../../lib/worker-thread';

export { endIdleWorkers } from '../../../lib/worker-thread';
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

export { EXTRACT_WORKER_ENTRY, OCR_ASSETS } from './assets';
export { DEFAULT_TIME_BUDGET_MS, LEGACY_OFFICE_REASON } from './types';
export type { Extraction, ExtractOptions } from './types';

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/** The worker's script: TypeScript source beside this file, or the bundled worker beside the bundle. */
const workerScript = () => new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : `./${EXTRACT_WORKER_FILE}`, import.meta.url);

async function extractInWorker(request: WorkerRequest, timeBudgetMs: number, memoryLimitMb: number): Promise<Extraction> {
  const failed = (reason: string): Extraction => ({ status: 'failed', text: '', reason, method: METHOD_BY_KIND[request.kind] });
  const outcome = await runInWorker<WorkerReply>(workerScript(), request, { timeMs: timeBudgetMs, memoryMb: memoryLimitMb });
  switch (outcome.kind) {
    case 'reply':
      return outcome.reply.ok ? outcome.reply.extraction : failed(`Text extraction failed: ${outcome.reply.message}`);
    case 'timeout':
      return failed(`Text extraction took longer than ${seconds(timeBudgetMs)} and was stopped`);
    case 'out-of-memory':
      return failed(`Text extraction needed more than ${memoryLimitMb} MB of memory and was stopped`);
    case 'error':
      return failed(`Text extraction failed: ${outcome.message}`);
    case 'exit':
      return failed(`Text extraction stopped unexpectedly (exit code ${outcome.code})`);
    case 'not-started':
      return failed(`Text extraction could not start: ${outcome.message}`);
  }
}

/**
 * The text of an evidence file of a known kind (see detectFileKind). Never throws: hostile, broken or
 * too-large files give `failed` with a reason, files without text give `no_text` with a reason.
 */
export async function extractText(bytes: Uint8Array, kind: EvidenceFileKind, opts: ExtractOptions = {}): Promise<Extraction> {
  const maxTextChars = opts.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS;
  if (isLegacyOffice(kind)) return legacyOfficeExtraction();
  if (kind === 'txt') return finishExtraction(extractPlainText(bytes), maxTextChars);
  return extractInWorker(
    { bytes, kind, maxTextChars },
    opts.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS,
    opts.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
  );
}
