/**
 * The analysis provider named by `AI_PROVIDER`: `local` (default; deterministic, offline) or `bedrock`
 * (the Converse API; needs BEDROCK_MODEL_ID, and BEDROCK_REGION unless the function's region serves the model).
 * Settings are validated when the provider is first asked for; the Bedrock SDK is loaded on first use.
 */
import * as z from 'zod/mini';
import { readConfig } from '../../../lib/config';
import { BEDROCK_DRAFT_NEEDS } from './bedrock-drafting';
import { createLocalProvider } from './local';
import type { AnalysisProvider } from './port';

export type { AnalysisInput, AnalysisProvider, ContextInput, DraftNeeds, DraftResult, GeneratedContext } from './port';
export { joinParagraphs } from './port';

export const AI_PROVIDERS = ['local', 'bedrock'] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

const aiSettings = {
  AI_PROVIDER: z._default(z.enum(AI_PROVIDERS, { error: `AI_PROVIDER must be one of: ${AI_PROVIDERS.join(', ')}` }), 'local'),
};

/** Wraps the Bedrock provider so that its module (and the SDK) is imported only when first used. */
function lazyBedrock(env: NodeJS.ProcessEnv): AnalysisProvider {
  const { BEDROCK_MODEL_ID, BEDROCK_REGION } = readConfig(
    {
      BEDROCK_MODEL_ID: z.string({ error: 'is required when AI_PROVIDER=bedrock' }).check(z.minLength(1, 'is required when AI_PROVIDER=bedrock')),
      BEDROCK_REGION: z.optional(z.string()),
    },
    env,
  );
  let loading: Promise<AnalysisProvider> | undefined;
  const load = () =>
    (loading ??= import('./bedrock').then((m) => m.createBedrockProvider({ modelId: BEDROCK_MODEL_ID, ...(BEDROCK_REGION ? { region: BEDROCK_REGION } : {}) })));
  return {
    name: 'bedrock',
    draftNeeds: BEDROCK_DRAFT_NEEDS,
    analyze: async (input) => (await load()).analyze(input),
    generateContext: async (input) => (await load()).generateContext(input),
    draft: async (input) => (await load()).draft(input),
    enhance: async (input, markFor) => (await load()).enhance(input, markFor),
  };
}

const cache = new Map<string, AnalysisProvider>();

export function getAnalysisProvider(env: NodeJS.ProcessEnv = process.env): AnalysisProvider {
  const { AI_PROVIDER } = readConfig(aiSettings, env);
  const key = AI_PROVIDER === 'bedrock' ? `bedrock:${env.BEDROCK_MODEL_ID ?? ''}:${env.BEDROCK_REGION ?? ''}` : 'local';
  let provider = cache.get(key);
  if (!provider) {
    provider = AI_PROVIDER === 'bedrock' ? lazyBedrock(env) : createLocalProvider();
    cache.set(key, provider);
  }
  return provider;
}
