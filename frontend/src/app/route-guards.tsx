import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { APP_BASE } from '@shared/constants';
import { PageSkeleton } from '@/components/ui/skeleton';
import { useSession } from '@/features/auth/hooks/use-session';

/** Protected routes: the skeleton while the session check runs, /login when signed out. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  if (state.status === 'checking') return <PageSkeleton />;
  if (state.status === 'signed-out') return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children}</>;
}

/** /login: straight to the dashboard when already signed in. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { state } = useSession();
  if (state.status === 'checking') return <PageSkeleton />;
  if (state.status === 'signed-in') return <Navigate to={APP_BASE} replace />;
  return <>{children}</>;
}

/** `/` and unknown routes: the dashboard when signed in, otherwise /login. */
export function HomeRedirect() {
  const { state } = useSession();
  if (state.status === 'checking') return <PageSkeleton />;
  return <Navigate to={state.status === 'signed-in' ? APP_BASE : '/login'} replace />;
}
