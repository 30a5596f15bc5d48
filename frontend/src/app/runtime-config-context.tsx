import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_PROVIDER_NAME } from '@shared/constants';
import type { RuntimeConfig } from '@shared/resources/web';

const RuntimeConfigContext = createContext<RuntimeConfig>({ providerName: DEFAULT_PROVIDER_NAME });

export function RuntimeConfigProvider({ value, children }: { value: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={value}>{children}</RuntimeConfigContext.Provider>;
}

export const useRuntimeConfig = () => useContext(RuntimeConfigContext);
