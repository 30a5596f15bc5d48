import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { RuntimeConfigProvider } from '@/app/runtime-config-context';
import { router } from '@/app/router';
import { SessionProvider } from '@/features/auth/hooks/use-session';
import { APP_BASE } from '@shared/constants';
import { BOOT_DASHBOARD_SHELL_ID, BOOT_SHELL_ID, removeBootShell } from '@/lib/boot-shell';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import './index.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

// the notifier loads beside the first page rather than in the entry (nothing toasts before a page has loaded)
const notifier = import('sonner');
const Toaster = lazy(() => notifier.then((m) => ({ default: m.Toaster })));

// the static first paints (index.html) are each for one page: a redirect away from it removes it
const dashboardPath = new RegExp(`^${APP_BASE}/?$`);
router.subscribe(({ location }) => {
  if (!/^\/login\/?$/.test(location.pathname)) removeBootShell(BOOT_SHELL_ID);
  if (!dashboardPath.test(location.pathname)) removeBootShell(BOOT_DASHBOARD_SHELL_ID);
});

const config = await loadRuntimeConfig();
document.title = `Assay · ${config.providerName}`;

// rendered as a transition: React draws the first page in slices of a few milliseconds, yielding between them,
// rather than in one long task (on a slow phone that task held the page for hundreds of milliseconds)
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <RuntimeConfigProvider value={config}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <RouterProvider router={router} />
            {/* sonner's defaults are the spec's notifier: 4000 ms, at most 3 visible, bottom-right, 356 px */}
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          </SessionProvider>
        </QueryClientProvider>
      </RuntimeConfigProvider>
    </StrictMode>,
  ),
);
