import { shellCommon } from '@shared/messages/shell';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The overview while it loads: four counts and three report cards. Before the tabs' own code has arrived it
 * also holds the tab row's place.
 */
export function DashboardLoading({ tabs = true }: { tabs?: boolean }) {
  return (
    <div className="space-y-6" role="status" aria-busy="true" data-testid="dashboard-loading">
      <span className="sr-only">{shellCommon.loading}</span>
      {!tabs && <Skeleton className="h-10 w-full max-w-xl" />}
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-40" />
        ))}
      </div>
    </div>
  );
}
