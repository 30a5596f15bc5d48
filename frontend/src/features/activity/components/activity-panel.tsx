import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useActivity } from '../api/list-activity';
import { ago, sentence } from '../lib/words';
import { collaboration } from '@shared/messages/collaboration';

const t = collaboration.activity;
/** The report's activity, newest first, in sentences, with older pages on request. */
export function ActivityPanel({ reportId }: { reportId: string }) {
  const feed = useActivity(reportId);
  const items = feed.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="activity-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="activity-panel">
      <h2 id="activity-title" className="text-base font-semibold">
        {t.title}
      </h2>
      {feed.isPending ? (
        <Skeleton className="h-24" />
      ) : feed.isError ? (
        <LoadError error={feed.error} fallback={t.loadFailed} retryLabel={t.retry} onRetry={() => void feed.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{t.empty}</p>
      ) : (
        <>
          <ol className="max-h-96 space-y-2 overflow-y-auto">
            {items.map((e) => (
              <li key={e.id} className="text-sm" data-testid="activity-item" data-action={e.action}>
                <span className="text-slate-900">{sentence(e)}</span> <span className="text-xs text-slate-600">— <time dateTime={e.at} title={new Date(e.at).toLocaleString()}>{ago(e.at)}</time></span>
              </li>
            ))}
          </ol>
          {feed.hasNextPage && (
            <Button variant="outline" size="sm" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
              {t.more}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
