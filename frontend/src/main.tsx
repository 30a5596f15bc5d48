import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { RuntimeConfigProvider } from '@/app/runtime-config-context';
import { router } from '@/app/router';
import { SessionProvider } from '@/features/auth/hooks/use-session';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import './index.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

const config = await loadRuntimeConfig();
document.title = `Assay · ${config.providerName}`;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RuntimeConfigProvider value={config}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RouterProvider router={router} />
          {/* sonner's defaults are the spec's notifier: 4000 ms, at most 3 visible, bottom-right, 356 px */}
          <Toaster />
        </SessionProvider>
      </QueryClientProvider>
    </RuntimeConfigProvider>
  </StrictMode>,
);
