/**
 * The draftStep worker (shared/api/workers.ts): started by POST …/draft with an asynchronous invocation.
 * Wiring only: the event is validated, the job runs in functions/domain/ai/drafting/run-draft-job.ts.
 */
import { DraftJobEvent } from '@shared/schemas/report-document';
import { runDraftJob } from '../domain/ai/drafting/run-draft-job';
import { workerHandler } from '../lib/worker-handler';

export const handler = workerHandler('draftStep', 'draft', DraftJobEvent, runDraftJob);
