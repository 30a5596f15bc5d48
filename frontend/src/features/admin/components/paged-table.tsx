import type { ReactNode } from 'react';
import { adminTexts } from '@shared/messages/admin';
import { shellCommon } from '@shared/messages/shell';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';

/** What the table needs of its query (TanStack Query's infinite query result). */
interface PagedQuery {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * An administrator's list read a page at a time (the users, the audit log): its loading and error states, a note
 * when it is empty (the page's `texts`), the table with its column headings and `rows`, and "Load more" while there are more pages.
 */
export function PagedTable({ query, count, loadingTestId, texts, columns, children: rows }: { query: PagedQuery; count: number; loadingTestId: string; texts: { loadFailed: string; empty: string }; columns: ReactNode[]; children: ReactNode }) {
  return (
    <>
      {query.isLoading ? (
        <div role="status" aria-busy="true" className="space-y-2" data-testid={loadingTestId}>
          <span className="sr-only">{shellCommon.loading}</span>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadError error={query.error} fallback={texts.loadFailed} retryLabel={adminTexts.retry} onRetry={() => void query.refetch()} />
      ) : count === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">{texts.empty}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                {columns.map((column, i) => (
                  <th key={i} scope="col" className="px-4 py-2 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">{rows}</tbody>
          </table>
        </div>
      )}

      {query.hasNextPage ? (
        <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? shellCommon.loading : adminTexts.loadMore}
        </Button>
      ) : null}
    </>
  );
}
