import { ClipboardCheck } from 'lucide-react';
import { useId, useState } from 'react';
import type { Review, ReviewSummary } from '@shared/schemas/reviews';
import { MAX_REVIEW_COMMENT } from '@shared/schemas/reviews';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { QueryPanel } from '@/components/ui/query-panel';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDecideReview } from '../api/decide-review';
import { useReviews } from '../api/get-reviews';
import { RequestReviewDialog } from './request-review-dialog';
import { collaboration } from '@shared/messages/collaboration';

const t = collaboration.reviews;
const STATUS_TONE: Record<Review['status'], BadgeTone> = { pending: 'primary', approved: 'success', changes_requested: 'warning' };

/** One review waiting for the signed-in reviewer: the request, a comment, Approve and Request Changes. */
function Decide({ reportId, review, version }: { reportId: string; review: Review; version: number }) {
  const id = useId();
  const decide = useDecideReview(reportId);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function send(decision: 'approve' | 'request_changes') {
    if (decision === 'request_changes' && !comment.trim()) return setProblem(t.commentHint);
    setProblem(null);
    try {
      await decide.mutateAsync({ section: review.section, reviewId: review.id, decision, comment, version });
      notify.success(decision === 'approve' ? t.approved : t.changesRequested);
    } catch (error) {
      setProblem(error instanceof ApiError && error.detail ? error.detail : t.decideFailed);
    }
  }

  return (
    <li className="space-y-2 rounded-md border border-sky-200 bg-sky-50/50 p-3" data-testid="pending-review" data-section={review.section}>
      <p className="text-sm font-medium">{review.section_title}</p>
      <p className="text-xs text-slate-600">{t.requestedBy(review.requested_by.name, review.due)}</p>
      {review.note && <p className="whitespace-pre-wrap text-sm text-slate-700">{review.note}</p>}
      <div className="space-y-1">
        <Label htmlFor={`${id}-comment`}>{t.comment}</Label>
        <Textarea id={`${id}-comment`} value={comment} maxLength={MAX_REVIEW_COMMENT} onChange={(e) => setComment(e.target.value)} className="min-h-16" aria-describedby={`${id}-hint`} />
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t.commentHint}
        </p>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-amber-900">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void send('approve')} disabled={decide.isPending}>
          {t.approve}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void send('request_changes')} disabled={decide.isPending}>
          {t.requestChanges}
        </Button>
      </div>
    </li>
  );
}

function ReviewLine({ review }: { review: Review }) {
  return (
    <li className="space-y-0.5 border-b border-slate-100 py-2 text-sm last:border-0" data-testid="review-item">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">{review.section_title}</span>
        <Badge tone={STATUS_TONE[review.status]}>{t.statusLabels[review.status]}</Badge>
      </div>
      <p className="text-xs text-slate-600">{t.requestedBy(review.requested_by.name, review.due)}</p>
      <p className="text-xs text-slate-600">{t.reviewers(review.reviewers.map((r) => r.name))}</p>
      {review.decided_by && <p className="text-xs text-slate-600">{t.decidedBy(t.statusLabels[review.status], review.decided_by.name)}</p>}
      {review.comment && <p className="whitespace-pre-wrap text-xs text-slate-800">“{review.comment}”</p>}
    </li>
  );
}

function Panel({ reportId, data }: { reportId: string; data: ReviewSummary }) {
  const [asking, setAsking] = useState(false);
  const versions = new Map(data.sections.map((s) => [s.key, s.version]));
  // a section's latest review only (a newer request replaces an older one still pending)
  const latest = new Set(data.sections.map((s) => s.review?.id));
  const lead = data.can_override && data.can_approve;
  const mine = data.items.filter((r) => r.status === 'pending' && latest.has(r.id) && (lead || r.reviewers.some((p) => p.username === data.me)));
  return (
    <>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-700">{t.waitingForYou}</h3>
        {mine.length === 0 ? (
          <p className="text-sm text-slate-600">{t.noneWaiting}</p>
        ) : (
          <ul className="space-y-2">
            {mine.map((r) => (
              <Decide key={r.id} reportId={reportId} review={r} version={versions.get(r.section) ?? 0} />
            ))}
          </ul>
        )}
      </div>
      <div className="space-y-1">
        <h3 className="text-sm font-semibold text-slate-700">{t.allReviews}</h3>
        {data.items.length === 0 ? (
          <p className="text-sm text-slate-600">{t.noReviews}</p>
        ) : (
          <ul className="max-h-80 overflow-y-auto">
            {data.items.map((r) => (
              <ReviewLine key={r.id} review={r} />
            ))}
          </ul>
        )}
      </div>
      {data.can_request && (
        <>
          <Button variant="outline" size="sm" onClick={() => setAsking(true)}>
            <ClipboardCheck className="h-4 w-4" aria-hidden /> {t.requestReview}
          </Button>
          <RequestReviewDialog open={asking} onOpenChange={setAsking} reportId={reportId} />
        </>
      )}
    </>
  );
}

/** The report's reviews beside the editor: what waits for the signed-in reviewer, every request, and asking for one. */
export function ReviewPanel({ reportId }: { reportId: string }) {
  const summary = useReviews(reportId);
  return (
    <QueryPanel title={t.panelTitle} testId="review-panel" query={summary} loadFailed={t.loadFailed} retry={t.retry}>
      {() => summary.data && <Panel reportId={reportId} data={summary.data} />}
    </QueryPanel>
  );
}
