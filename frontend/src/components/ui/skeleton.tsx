import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { shell } from '@shared/messages/shell';

export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />;
}

/** The loading skeleton shown while the session check runs. */
export function PageSkeleton() {
  return (
    <div role="status" aria-live="polite" aria-busy="true" data-testid="page-skeleton" className="mx-auto w-full max-w-6xl space-y-6 p-8">
      <span className="sr-only">{shell.common.loading}</span>
      <Skeleton className="h-10 w-72" />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}
