import { Button } from '@/components/ui/button';
import { QueryPanel } from '@/components/ui/query-panel';
import { useActivity } from '../api/list-activity';
import { ago, sentence } from '../lib/words';
import { collaboration } from '@shared/messages/collaboration';

const t = collaboration.activity;
/** The report's activity, newest first, in sentences, with older pages on request. */
export function ActivityPanel({ reportId }: { reportId: string }) {
  const feed = useActivity(reportId);
  const items = feed.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <QueryPanel title={t.title} testId="activity-panel" query={feed} loadFailed={t.loadFailed} retry={t.retry}>
      {() =>
        items.length === 0 ? (
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
        )
      }
    </QueryPanel>
  );
}
