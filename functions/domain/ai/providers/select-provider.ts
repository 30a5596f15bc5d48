/**
 * Which provider `AI_PROVIDER` names: `local` (default; deterministic, offline) or `bedrock` (the Converse
 * API; needs BEDROCK_MODEL_ID, and BEDROCK_REGION unless the function's region serves the model). Settings
 * are validated when a provider is first asked for; the Bedrock module and its SDK are loaded on first use.
 *
 * The caller names what it needs of the port and passes the local provider for it: the draft route
 * takes all of it (./draft-provider.ts); the ingest, context and enhance routes only what they use (./views.ts), so
 * their bundles do not hold the local drafter (the analyst, its retrieval, its language model's loader). Bedrock is always the
 * whole provider, loaded lazily.
 */
import * as z from 'zod/mini';
import { readConfig } from '../../../lib/config';
import { BEDROCK_DRAFT_NEEDS } from './bedrock-drafting';
import type { AnalysisProvider } from '../port/analysis-provider';

const AI_PROVIDERS = ['local', 'bedrock'] as const;

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
    (loading ??= import('./bedrock-provider').then((m) => m.createBedrockProvider({ modelId: BEDROCK_MODEL_ID, ...(BEDROCK_REGION ? { region: BEDROCK_REGION } : {}), env })));
  return {
    name: 'bedrock',
    draftNeeds: BEDROCK_DRAFT_NEEDS,
    analyze: async (input) => (await load()).analyze(input),
    generateContext: async (input) => (await load()).generateContext(input),
    draft: async (input) => (await load()).draft(input),
    enhance: async (input, markFor) => (await load()).enhance(input, markFor),
    ask: async (input) => (await load()).ask(input),
  };
}

const cache = new Map<string, unknown>();

/** The provider `env` names, as much of the port as `view` says (`local` builds the local one for it). */
export function selectProvider<K extends keyof AnalysisProvider>(env: NodeJS.ProcessEnv, view: string, local: () => Pick<AnalysisProvider, K>): Pick<AnalysisProvider, K> {
  const { AI_PROVIDER } = readConfig(aiSettings, env);
  // (the draft worker's client waits longer per try than the API routes' clients: its env says so)
  const key = AI_PROVIDER === 'bedrock' ? `bedrock:${env.BEDROCK_MODEL_ID ?? ''}:${env.BEDROCK_REGION ?? ''}:${env.BEDROCK_REQUEST_TIMEOUT_MS ?? ''}` : `local:${view}`;
  let provider = cache.get(key) as Pick<AnalysisProvider, K> | undefined;
  if (!provider) {
    provider = AI_PROVIDER === 'bedrock' ? lazyBedrock(env) : local();
    cache.set(key, provider);
  }
  return provider;
}
