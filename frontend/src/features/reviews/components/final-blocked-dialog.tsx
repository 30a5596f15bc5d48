import { ClipboardCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useReviews } from '../api/get-reviews';
import { RequestReviewDialog } from './request-review-dialog';
import { ReviewStateBadge } from './review-state-badge';
import { collaboration } from '@shared/messages/collaboration';

const t = collaboration.reviews;

/**
 * Clicking the status badge to Final while sections are not approved: says which, offers to request
 * their review (the request dialog, with them ticked), and lets a lead set Final anyway with a reason. The status
 * does not change unless that override is given.
 */
export function FinalBlockedDialog({ reportId, onClose, onOverride }: { reportId: string | null; onClose: () => void; onOverride: (reason: string) => Promise<boolean> }) {
  return (
    <Dialog open={Boolean(reportId)} onOpenChange={(o) => !o && onClose()} title={t.finalBlockedTitle} closeLabel={t.close} className="max-w-lg">
      {reportId && <Blocked reportId={reportId} onClose={onClose} onOverride={onOverride} />}
    </Dialog>
  );
}

function Blocked({ reportId, onClose, onOverride }: { reportId: string; onClose: () => void; onOverride: (reason: string) => Promise<boolean> }) {
  const id = useId();
  const summary = useReviews(reportId);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (summary.isPending) return <Skeleton className="h-24" />;
  const data = summary.data;
  const unapproved = data?.unapproved ?? [];
  return (
    <div className="space-y-4" data-testid="final-blocked">
      <p className="text-sm text-slate-700">{t.finalBlocked}</p>
      <ul className="space-y-1">
        {unapproved.map((s) => (
          <li key={s.key} className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-sm">
            <span>{s.title}</span>
            <ReviewStateBadge state={s.state} withText />
          </li>
        ))}
      </ul>
      {data?.can_request && (
        <Button onClick={() => setAsking(true)}>
          <ClipboardCheck className="h-4 w-4" aria-hidden /> {t.requestReview}
        </Button>
      )}
      {data?.can_override && (
        <form
          className="space-y-2 border-t border-slate-200 pt-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) return;
            setBusy(true);
            void onOverride(reason.trim()).then((ok) => {
              setBusy(false);
              if (ok) onClose();
            });
          }}
        >
          <Label htmlFor={`${id}-reason`}>{t.overrideReason}</Label>
          <Input id={`${id}-reason`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          <Button type="submit" variant="outline" size="sm" disabled={busy || !reason.trim()}>
            {t.override}
          </Button>
        </form>
      )}
      <RequestReviewDialog
        open={asking}
        onOpenChange={(o) => {
          setAsking(o);
          if (!o) void summary.refetch();
        }}
        reportId={reportId}
        // a required section with nothing written yet is written first: only written ones can be reviewed
        initial={unapproved.filter((s) => (data?.sections.find((x) => x.key === s.key)?.chars ?? 0) > 0).map((s) => s.key)}
      />
    </div>
  );
}
