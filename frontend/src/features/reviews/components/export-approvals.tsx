import { Skeleton } from '@/components/ui/skeleton';
import { useReviews } from '../api/get-reviews';
import { ReviewStateBadge } from './review-state-badge';
import { collaboration } from '@shared/messages/collaboration';

const t = collaboration.reviews;

/** The export page's approval state: which written sections are not approved yet. */
export function ExportApprovals({ reportId }: { reportId: string }) {
  const summary = useReviews(reportId);
  if (summary.isPending) return <Skeleton className="h-12" />;
  if (!summary.data) return null;
  const { unapproved } = summary.data;
  return (
    <section aria-labelledby="export-approvals" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" data-testid="export-approvals">
      <h2 id="export-approvals" className="text-sm font-semibold">
        {unapproved.length ? t.exportNotApproved : t.states.approved}
      </h2>
      {unapproved.length === 0 ? (
        <p className="text-sm text-slate-700">{t.exportAllApproved}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t.exportNotApprovedIntro}</p>
          <ul className="space-y-1">
            {unapproved.map((s) => (
              <li key={s.key} className="flex items-center justify-between gap-2 text-sm">
                <span>{s.title}</span>
                <ReviewStateBadge state={s.state} withText />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
