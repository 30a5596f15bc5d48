import { lazy, Suspense } from 'react';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';

// its own chunk, asked for once the page has drawn: a page does not wait for the bell (nor for its first
// /api/notifications), and the bar keeps its height while it loads (no layout shift)
const NotificationBell = lazy(() => import('@/features/notifications').then((m) => ({ default: m.NotificationBell })));

/** Above every signed-in page: the notification bell. */
export function TopBar() {
  const drawn = useAfterFirstPaint();
  const placeholder = <span className="h-10 w-10" aria-hidden />;
  return (
    <div className="flex h-12 items-center justify-end px-4 pt-2 sm:px-8">
      {drawn ? (
        <Suspense fallback={placeholder}>
          <NotificationBell />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
