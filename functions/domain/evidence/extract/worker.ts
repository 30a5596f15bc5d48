/**
 * Entry of the extraction worker thread (bundled as extract-worker.mjs). It extracts each file it is sent and
 * replies; `extractText` keeps it warm between files and ends it when a budget runs out (functions/lib/worker-thread.ts).
 */
import { serveWorker } from '../../../lib/worker-thread';
import { extractInProcess } from './run';
import type { WorkerReply, WorkerRequest } from './types';

serveWorker<WorkerRequest, WorkerReply>(
  async (request) => ({ ok: true, extraction: await extractInProcess(request.bytes, request.kind, request.maxTextChars) }),
  (error) => ({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
