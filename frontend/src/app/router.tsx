import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { APP_BASE, FEDERATED_CALLBACK_PATH } from '@shared/constants';
import { PageSkeleton } from '@/components/ui/skeleton';
import { AppLayout } from './layout';
import { RouteError } from './route-error';
import { TopBar } from './top-bar';
import { HomeRedirect, RedirectIfSignedIn, RequireSession } from './route-guards';

/**
 * Each page is its own chunk: the sign-in screen does not download the dashboard, and so on. `preload` starts
 * the download early (once; rendering the page then uses the same download).
 */
function page<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const get = () => (loading ??= load());
  const Lazy = lazy(async () => ({ default: await get() }));
  const Page = (props: P) => (
    <Suspense fallback={<PageSkeleton />}>
      <Lazy {...props} />
    </Suspense>
  );
  // a failed download is shown by the error element when the page renders
  return Object.assign(Page, { preload: () => void get().catch(() => undefined) });
}

const AuthScreen = page(() => import('@/features/auth/components/auth-screen').then((m) => m.AuthScreen));
const FederatedCallback = page(() => import('@/features/auth/components/federated-callback').then((m) => m.FederatedCallback));
const DashboardPage = page(() => import('@/features/dashboard/components/dashboard-page').then((m) => m.DashboardPage));
const EvidencePage = page(() => import('@/features/evidence/components/evidence-page').then((m) => m.EvidencePage));
const WizardPage = page(() => import('@/features/wizard/components/wizard-page').then((m) => m.WizardPage));
// the editor's preview draws embedded visuals (ECharts itself loads only when a section embeds one)
const EditorPage = page(() =>
  Promise.all([import('@/features/editor'), import('@/features/visuals/embedded')]).then(([editor, visuals]) => () => <editor.EditorPage renderVisual={visuals.renderReportVisual} />),
);
const VisualsPage = page(() => import('@/features/visuals').then((m) => m.VisualsPage));
const ExportsPage = page(() => import('@/features/exports').then((m) => m.ExportsPage));
const ComparisonPage = page(() => import('@/features/reports/components/comparison-page').then((m) => m.ComparisonPage));
const UsersPage = page(() => import('@/features/admin').then((m) => m.UsersPage));
const AuditPage = page(() => import('@/features/admin').then((m) => m.AuditPage));

const protectedPage = (element: ReactNode) => (
  <RequireSession>
    <TopBar />
    {element}
  </RequireSession>
);

/**
 * The page the address asks for starts downloading with the entry, beside config.json and the session check,
 * instead of after them (the sign-in screen's largest paint waited for that chain).
 */
const PRELOAD: [RegExp, { preload(): void }][] = [
  [/^\/login\/?$/, AuthScreen],
  [new RegExp(`^${APP_BASE}/?$`), DashboardPage],
  [new RegExp(`^${APP_BASE}/wizards(/|$)`), WizardPage],
  [new RegExp(`^${APP_BASE}/editor/?$`), EditorPage],
  [new RegExp(`^${APP_BASE}/evidence/?$`), EvidencePage],
  [new RegExp(`^${APP_BASE}/visuals/?$`), VisualsPage],
  [new RegExp(`^${APP_BASE}/exports/?$`), ExportsPage],
];
PRELOAD.find(([path]) => path.test(window.location.pathname))?.[1].preload();

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    // a page that throws (or whose chunk fails to load) shows a recoverable error, not a blank screen; the
    // inner one keeps the layout around it, the outer one is for the layout itself
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/login', element: <RedirectIfSignedIn><AuthScreen /></RedirectIfSignedIn> },
          { path: FEDERATED_CALLBACK_PATH, element: <FederatedCallback /> },
          { path: '/', element: <HomeRedirect /> },
          { path: APP_BASE, element: protectedPage(<DashboardPage />) },
          { path: `${APP_BASE}/wizards/*`, element: protectedPage(<WizardPage />) },
          { path: `${APP_BASE}/editor`, element: protectedPage(<EditorPage />) },
          { path: `${APP_BASE}/evidence`, element: protectedPage(<EvidencePage />) },
          { path: `${APP_BASE}/visuals`, element: protectedPage(<VisualsPage />) },
          { path: `${APP_BASE}/exports`, element: protectedPage(<ExportsPage />) },
          { path: `${APP_BASE}/reports/:id/comparison`, element: protectedPage(<ComparisonPage />) },
          { path: `${APP_BASE}/admin/users`, element: protectedPage(<UsersPage />) },
          { path: `${APP_BASE}/admin/audit`, element: protectedPage(<AuditPage />) },
          { path: '*', element: <HomeRedirect /> },
        ],
      },
    ],
  },
]);
