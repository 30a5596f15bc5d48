/**
 * The exportReport worker (shared/api/workers.ts): started by POST …/exports with an asynchronous invocation.
 * Wiring only: the event is validated, the job runs in functions/domain/exports/run-export.ts.
 */
import { ExportJobEvent } from '@shared/schemas/exports';
import { runExport } from '../domain/exports/run-export';
import { workerHandler } from '../lib/worker-handler';

export const handler = workerHandler('exportReport', 'export', ExportJobEvent, runExport);
