/**
 * Views of the provider that `AI_PROVIDER` names (./select-provider.ts), each what one kind of route asks of the port:
 * ingest analyses, the business context is written, a section is enhanced. Apart from ./draft-provider.ts (the whole
 * port, for the draft route) so that these routes' bundles hold the local provider's analyser, context
 * writer or enhancer, and not its drafter (the analyst, its retrieval and the loader of its language model).
 */
import { answerLocally } from './local-asker';
import { enhanceLocally } from './local-enhancer';
import { composeContext } from './local-context-writer';
import { analyzeText } from './local-ingest-analyser';
import type { AnalysisProvider } from '../port/analysis-provider';
import { selectProvider } from './select-provider';

/** The name the local enhancer gives in provenance records of enhancements. */
const LOCAL_ENHANCER_MODEL = 'assay-local-drafter-1';

export type Analyzer = Pick<AnalysisProvider, 'name' | 'analyze'>;
export type ContextWriter = Pick<AnalysisProvider, 'name' | 'generateContext'>;
export type Enhancer = Pick<AnalysisProvider, 'name' | 'enhance'>;
export type Asker = Pick<AnalysisProvider, 'name' | 'ask'>;

export const localAnalyzer = (): Analyzer => ({ name: 'local', analyze: async (input) => analyzeText(input) });
export const localContextWriter = (): ContextWriter => ({ name: 'local', generateContext: async (input) => composeContext(input) });
export const localEnhancer = (): Enhancer => ({
  name: 'local',
  enhance: async (input, markFor) => ({
    output: enhanceLocally(input, markFor),
    model: LOCAL_ENHANCER_MODEL,
    prompt: JSON.stringify({ instruction: input.instruction, custom: input.custom, text: input.text }),
  }),
});

export const localAsker = (): Asker => ({ name: 'local', ask: async (input) => answerLocally(input) });

export const getAnalyzer = (env: NodeJS.ProcessEnv = process.env): Analyzer => selectProvider(env, 'analyze', localAnalyzer);
export const getContextWriter = (env: NodeJS.ProcessEnv = process.env): ContextWriter => selectProvider(env, 'context', localContextWriter);
export const getEnhancer = (env: NodeJS.ProcessEnv = process.env): Enhancer => selectProvider(env, 'enhance', localEnhancer);
export const getAsker = (env: NodeJS.ProcessEnv = process.env): Asker => selectProvider(env, 'ask', localAsker);
