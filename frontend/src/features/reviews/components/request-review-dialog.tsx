import { useId, useState, type FormEvent } from 'react';
import type { SectionKey } from '@shared/schemas/report-document';
import { MAX_REVIEW_NOTE } from '@shared/schemas/reviews';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useReviews } from '../api/get-reviews';
import { useRequestReview } from '../api/request-review';
import { ReviewStateBadge } from './review-state-badge';
import { collaboration } from '@shared/messages/collaboration';
import { ledgerTexts } from '@shared/messages/ledger';
import { LedgerCounts, useLedger } from '@/features/ledger';

const t = collaboration.reviews;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Asking for a review: which sections (the written ones; all of them for the whole report), which
 * reviewers (the client's reviewers and leads), by when, and a note. `initial`: sections ticked when it opens.
 */
export function RequestReviewDialog({ open, onOpenChange, reportId, initial }: { open: boolean; onOpenChange: (o: boolean) => void; reportId: string; initial?: readonly SectionKey[] }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.requestTitle} description={t.requestIntro} className="max-w-xl">
      {open && <RequestForm reportId={reportId} initial={initial} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function RequestForm({ reportId, initial, onDone }: { reportId: string; initial?: readonly SectionKey[]; onDone: () => void }) {
  const ids = useId();
  const summary = useReviews(reportId);
  const request = useRequestReview(reportId);
  // the ledger's counts, read before the user confirms: what a reviewer will find unsupported or disagreeing
  const ledger = useLedger(reportId);
  const written = (summary.data?.sections ?? []).filter((s) => s.chars > 0);
  const [sections, setSections] = useState<ReadonlySet<SectionKey> | null>(initial ? new Set(initial) : null);
  const [reviewers, setReviewers] = useState<ReadonlySet<string>>(new Set());
  const [due, setDue] = useState(inDays(7));
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // until the user picks, the whole report is asked for
  const chosen = sections ?? new Set(written.map((s) => s.key));
  const whole = written.length > 0 && written.every((s) => chosen.has(s.key));

  function toggle<T>(set: ReadonlySet<T>, value: T, on: boolean): Set<T> {
    const next = new Set(set);
    if (on) next.add(value);
    else next.delete(value);
    return next;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const keys = written.map((s) => s.key).filter((k) => chosen.has(k));
    if (!keys.length) return setProblem(t.chooseSection);
    if (!reviewers.size) return setProblem(t.chooseReviewer);
    setProblem(null);
    try {
      await request.mutateAsync({ sections: keys, reviewers: [...reviewers], due, note });
      notify.success(t.requested);
      onDone();
    } catch (error) {
      setProblem(error instanceof ApiError && error.detail ? error.detail : t.requestFailed);
    }
  }

  if (summary.isPending) return <Skeleton className="h-48" />;
  const people = summary.data?.reviewers ?? [];
  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-700">{t.sectionsLegend}</legend>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" checked={whole} onChange={(e) => setSections(e.target.checked ? new Set(written.map((s) => s.key)) : new Set())} />
          {t.wholeReport}
        </label>
        <ul className="grid grid-cols-1 gap-1 pl-6 sm:grid-cols-2">
          {written.map((s) => (
            <li key={s.key}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={chosen.has(s.key)} onChange={(e) => setSections(toggle(chosen, s.key, e.target.checked))} />
                <span className="flex-1">{s.title}</span>
                <ReviewStateBadge state={s.state} />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-700">{t.reviewersLegend}</legend>
        {people.length === 0 ? (
          <p className="text-sm text-slate-600">{t.noReviewers}</p>
        ) : (
          <ul className="space-y-1">
            {people.map((p) => (
              <li key={p.username}>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={reviewers.has(p.username)} onChange={(e) => setReviewers(toggle(reviewers, p.username, e.target.checked))} />
                  <span>{p.name}</span>
                  <span className="text-xs text-slate-600">
                    {p.username} · {p.role}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className="space-y-1" data-testid="review-ledger">
        <p className="text-sm font-medium text-slate-700">{ledgerTexts.reviewCounts}</p>
        {ledger.data ? (
          <>
            <LedgerCounts counts={ledger.data.counts} />
            {ledger.data.counts.blocking > 0 && <p className="text-xs text-slate-600">{ledgerTexts.reviewBlocking}</p>}
          </>
        ) : ledger.isError ? (
          <p className="text-sm text-slate-600">{ledgerTexts.loadFailed}</p>
        ) : (
          <Skeleton className="h-12" />
        )}
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${ids}-due`}>{t.due}</Label>
        <Input id={`${ids}-due`} type="date" required min={inDays(0)} value={due} onChange={(e) => setDue(e.target.value)} className="w-48" />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${ids}-note`}>{t.note}</Label>
        <Textarea id={`${ids}-note`} value={note} maxLength={MAX_REVIEW_NOTE} onChange={(e) => setNote(e.target.value)} className="min-h-16" />
      </div>
      {problem && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {t.cancel}
        </Button>
        <Button type="submit" disabled={request.isPending || people.length === 0}>
          {request.isPending ? t.sending : t.send}
        </Button>
      </div>
    </form>
  );
}
