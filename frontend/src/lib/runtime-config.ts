import { DEFAULT_PROVIDER_NAME } from '@shared/constants';
import type { RuntimeConfig } from '@shared/resources/web';

/** Deploy-time configuration from `/config.json` (never baked into the build). */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const res = await fetch('/config.json', { cache: 'no-cache' });
    if (!res.ok) throw new Error(String(res.status));
    const json = (await res.json()) as Partial<RuntimeConfig>;
    return {
      providerName: typeof json.providerName === 'string' && json.providerName ? json.providerName : DEFAULT_PROVIDER_NAME,
      ...(typeof json.logoUrl === 'string' && json.logoUrl ? { logoUrl: json.logoUrl } : {}),
    };
  } catch {
    return { providerName: DEFAULT_PROVIDER_NAME };
  }
}
