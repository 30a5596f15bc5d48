/**
 * The analysis provider named by `AI_PROVIDER` (./select.ts), the whole port: for the draftStep worker. The
 * ingest, context and enhance routes take only what they use of it (./views.ts).
 */
import { createLocalProvider } from './local';
import type { AnalysisProvider } from './port';
import { selectProvider } from './select';

export type { AnalysisInput, AnalysisProvider, ContextInput, DraftNeeds, DraftResult, GeneratedContext } from './port';
export { joinParagraphs } from './port';

/**
 * Milliseconds a drafting call to Bedrock may take per try, unless BEDROCK_REQUEST_TIMEOUT_MS says otherwise:
 * drafting runs in the draftStep worker (minutes), not in the API's 29 s, and a long draft answer takes a
 * minute or more to write. Three tries fit in the worker's time (shared/api/workers.ts).
 */
export const DRAFT_REQUEST_TIMEOUT_MS = 150_000;

export function getAnalysisProvider(env: NodeJS.ProcessEnv = process.env): AnalysisProvider {
  return selectProvider({ BEDROCK_REQUEST_TIMEOUT_MS: String(DRAFT_REQUEST_TIMEOUT_MS), ...env }, 'all', createLocalProvider);
}
