/**
 * The analysis provider named by `AI_PROVIDER` (./select-provider.ts), the whole port: for the draftStep worker.
 * The ingest, context, enhance and ask routes take only what they use of it (./views.ts).
 */
import { createLocalProvider } from './local-provider';
import type { AnalysisProvider } from '../port/analysis-provider';
import { selectProvider } from './select-provider';

/**
 * Milliseconds a drafting call to Bedrock may take per try, unless BEDROCK_REQUEST_TIMEOUT_MS says otherwise:
 * drafting runs in the draftStep worker (minutes), not in the API's 29 s, and a long draft answer takes a
 * minute or more to write. Three tries fit in the worker's time (shared/api/workers.ts).
 */
const DRAFT_REQUEST_TIMEOUT_MS = 150_000;

export function getAnalysisProvider(env: NodeJS.ProcessEnv = process.env): AnalysisProvider {
  return selectProvider({ BEDROCK_REQUEST_TIMEOUT_MS: String(DRAFT_REQUEST_TIMEOUT_MS), ...env }, 'all', createLocalProvider);
}
