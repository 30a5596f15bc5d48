import { messages } from '@shared/messages';
import type { ActivityEntry } from '@shared/schemas/activity';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useActivity } from '../api/list-activity';

const t = messages.activity;
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [limit: number, unit: Intl.RelativeTimeFormatUnit, size: number][] = [
  [60, 'second', 1],
  [3600, 'minute', 60],
  [86_400, 'hour', 3600],
  [604_800, 'day', 86_400],
  [Infinity, 'week', 604_800],
];

/** "2 minutes ago", "yesterday" */
export function ago(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const [, unit, size] = STEPS.find(([limit]) => Math.abs(seconds) < limit)!;
  return relative.format(Math.round(seconds / size), unit);
}

/** "Dana Reyes approved Findings & Analysis (version 4)" */
export function sentence(e: ActivityEntry): string {
  const words = t.sentence[e.action];
  return words ? words(e.user_name, e.detail) : t.fallback(e.user_name, messages.admin.audit.actions[e.action], e.detail);
}

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
