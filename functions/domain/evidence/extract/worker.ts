/**
 * Entry of the extraction worker thread (bundled as extract-worker.mjs). It extracts the file it was
 * started with, posts one reply and waits to be terminated by `extractText`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { extractInProcess } from './run';
import type { WorkerReply, WorkerRequest } from './types';

const request = workerData as WorkerRequest;
const reply = (message: WorkerReply) => parentPort?.postMessage(message);

extractInProcess(request.bytes, request.kind, request.maxTextChars).then(
  (extraction) => reply({ ok: true, extraction }),
  (error: unknown) => reply({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
