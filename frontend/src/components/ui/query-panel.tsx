import { useId, type ReactNode } from 'react';
import { LoadError } from './load-error';
import { Skeleton } from './skeleton';

/** What a panel needs of its query (a TanStack Query result). */
interface PanelQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A titled panel beside the editor that shows its query's loading and error states, and its content once loaded
 * (the review and activity panels).
 */
export function QueryPanel({ title, testId, query, loadFailed, retry, children }: { title: string; testId: string; query: PanelQuery; loadFailed: string; retry: string; children: () => ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4" data-testid={testId}>
      <h2 id={titleId} className="text-base font-semibold">
        {title}
      </h2>
      {query.isPending ? (
        <Skeleton className="h-24" />
      ) : query.isError ? (
        <LoadError error={query.error} fallback={loadFailed} retryLabel={retry} onRetry={() => void query.refetch()} />
      ) : (
        children()
      )}
    </section>
  );
}
