import { CircleCheck, CircleDashed, CircleDot, CircleAlert, History } from 'lucide-react';
import type { SectionReviewState } from '@shared/schemas/reviews';
import { cn } from '@/lib/cn';
import { collaboration } from '@shared/messages/collaboration';

const t = collaboration.reviews;

const LOOK: Record<SectionReviewState, { icon: typeof CircleCheck; className: string }> = {
  draft: { icon: CircleDashed, className: 'text-slate-500' },
  in_review: { icon: CircleDot, className: 'text-sky-700' },
  changes_requested: { icon: CircleAlert, className: 'text-amber-700' },
  approved: { icon: CircleCheck, className: 'text-emerald-700' },
  stale: { icon: History, className: 'text-red-700' },
};

/** A section's review state: an icon with its words as a tooltip and for screen readers; `withText` shows them too. */
export function ReviewStateBadge({ state, withText = false, className }: { state: SectionReviewState; withText?: boolean; className?: string }) {
  const { icon: Icon, className: tone } = LOOK[state];
  return (
    <span className={cn('inline-flex items-center gap-1 text-xs font-medium', tone, className)} title={t.states[state]} data-review-state={state}>
      <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <span className={withText ? undefined : 'sr-only'}>{t.states[state]}</span>
    </span>
  );
}
