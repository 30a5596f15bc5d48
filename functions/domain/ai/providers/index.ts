/**
 * The analysis provider named by `AI_PROVIDER` (./select.ts), the whole port: for the draft route. The
 * ingest, context and enhance routes take only what they use of it (./views.ts).
 */
import { createLocalProvider } from './local';
import type { AnalysisProvider } from './port';
import { selectProvider } from './select';

export type { AnalysisInput, AnalysisProvider, ContextInput, DraftNeeds, DraftResult, GeneratedContext } from './port';
export { joinParagraphs } from './port';

export function getAnalysisProvider(env: NodeJS.ProcessEnv = process.env): AnalysisProvider {
  return selectProvider(env, 'all', createLocalProvider);
}
