import { lazy, Suspense } from 'react';

// its own chunk: a page does not wait for the bell, and the bar keeps its height while it loads (no layout shift)
const NotificationBell = lazy(() => import('@/features/notifications').then((m) => ({ default: m.NotificationBell })));

/** Above every signed-in page: the notification bell (issue 23). */
export function TopBar() {
  return (
    <div className="flex h-12 items-center justify-end px-4 pt-2 sm:px-8">
      <Suspense fallback={<span className="h-10 w-10" aria-hidden />}>
        <NotificationBell />
      </Suspense>
    </div>
  );
}
