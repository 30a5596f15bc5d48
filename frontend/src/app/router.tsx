import { createBrowserRouter } from 'react-router';
import { APP_BASE } from '@shared/constants';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { PlaceholderPage } from '@/features/placeholders/components/placeholder-page';
import { AppLayout } from './layout';
import { HomeRedirect, RedirectIfSignedIn, RequireSession } from './route-guards';

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/login', element: <RedirectIfSignedIn><AuthScreen /></RedirectIfSignedIn> },
      { path: '/', element: <HomeRedirect /> },
      { path: APP_BASE, element: <RequireSession><DashboardPage /></RequireSession> },
      { path: `${APP_BASE}/wizards/*`, element: <RequireSession><PlaceholderPage title="Report Wizards" /></RequireSession> },
      { path: `${APP_BASE}/editor`, element: <RequireSession><PlaceholderPage title="Editor" /></RequireSession> },
      { path: `${APP_BASE}/evidence`, element: <RequireSession><PlaceholderPage title="Evidence" /></RequireSession> },
      { path: `${APP_BASE}/visuals`, element: <RequireSession><PlaceholderPage title="Visuals" /></RequireSession> },
      { path: `${APP_BASE}/exports`, element: <RequireSession><PlaceholderPage title="Exports" /></RequireSession> },
      { path: '*', element: <HomeRedirect /> },
    ],
  },
]);
