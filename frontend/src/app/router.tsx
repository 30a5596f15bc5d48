import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { APP_BASE } from '@shared/constants';
import { PageSkeleton } from '@/components/ui/skeleton';
import { AppLayout } from './layout';
import { HomeRedirect, RedirectIfSignedIn, RequireSession } from './route-guards';

/** Each page is its own chunk: the sign-in screen does not download the dashboard, and so on. */
function page<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return (props: P) => (
    <Suspense fallback={<PageSkeleton />}>
      <Lazy {...props} />
    </Suspense>
  );
}

const AuthScreen = page(() => import('@/features/auth/components/auth-screen').then((m) => m.AuthScreen));
const DashboardPage = page(() => import('@/features/dashboard/components/dashboard-page').then((m) => m.DashboardPage));
const EvidencePage = page(() => import('@/features/evidence/components/evidence-page').then((m) => m.EvidencePage));
const WizardPage = page(() => import('@/features/wizard/components/wizard-page').then((m) => m.WizardPage));
// the editor's preview draws embedded visuals (ECharts itself loads only when a section embeds one)
const EditorPage = page(() =>
  Promise.all([import('@/features/editor'), import('@/features/visuals/embedded')]).then(([editor, visuals]) => () => <editor.EditorPage renderVisual={visuals.renderReportVisual} />),
);
const VisualsPage = page(() => import('@/features/visuals').then((m) => m.VisualsPage));
const ExportsPage = page(() => import('@/features/exports').then((m) => m.ExportsPage));
const UsersPage = page(() => import('@/features/admin').then((m) => m.UsersPage));

const protectedPage = (element: ReactNode) => <RequireSession>{element}</RequireSession>;

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/login', element: <RedirectIfSignedIn><AuthScreen /></RedirectIfSignedIn> },
      { path: '/', element: <HomeRedirect /> },
      { path: APP_BASE, element: protectedPage(<DashboardPage />) },
      { path: `${APP_BASE}/wizards/*`, element: protectedPage(<WizardPage />) },
      { path: `${APP_BASE}/editor`, element: protectedPage(<EditorPage />) },
      { path: `${APP_BASE}/evidence`, element: protectedPage(<EvidencePage />) },
      { path: `${APP_BASE}/visuals`, element: protectedPage(<VisualsPage />) },
      { path: `${APP_BASE}/exports`, element: protectedPage(<ExportsPage />) },
      { path: `${APP_BASE}/admin/users`, element: protectedPage(<UsersPage />) },
      { path: '*', element: <HomeRedirect /> },
    ],
  },
]);
