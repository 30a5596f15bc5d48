import { DEFAULT_PROVIDER_NAME } from '@shared/constants';
import type { FederatedSignInConfig, RuntimeConfig } from '@shared/resources/web';
import { takeBootConfig } from './boot-requests';

/** A usable identity-provider entry: every field a non-empty string, the authorize URL on https. */
function federatedConfig(value: unknown): value is FederatedSignInConfig {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const fields = ['label', 'provider', 'authorizeUrl', 'clientId'] as const;
  return fields.every((f) => typeof v[f] === 'string' && v[f] !== '') && String(v.authorizeUrl).startsWith('https://');
}

async function fetchConfig(): Promise<unknown> {
  const res = await fetch('/config.json', { cache: 'no-cache' });
  if (!res.ok) throw new Error(String(res.status));
  return res.json();
}

/**
 * Deploy-time configuration from `/config.json` (never baked into the build). The production build's boot script
 * has usually asked for it already; without that answer (the dev server, or a failed request) it is asked for here.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const early = takeBootConfig();
    const json = ((early ? await early : null) ?? (await fetchConfig())) as Partial<RuntimeConfig>;
    return {
      providerName: typeof json.providerName === 'string' && json.providerName ? json.providerName : DEFAULT_PROVIDER_NAME,
      ...(typeof json.logoUrl === 'string' && json.logoUrl ? { logoUrl: json.logoUrl } : {}),
      ...(json.registration === false ? { registration: false } : {}),
      ...(federatedConfig(json.identityProvider) ? { identityProvider: json.identityProvider } : {}),
    };
  } catch {
    return { providerName: DEFAULT_PROVIDER_NAME };
  }
}
