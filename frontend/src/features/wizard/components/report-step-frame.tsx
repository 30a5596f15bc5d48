/**
 * The frame of steps 5–9: "Generate with AI", the step itself, its consistency warnings (live over the unsaved
 * data), and its complete button. An AI draft is kept on the server as the step's pending draft until it is
 * reviewed: accepted whole (replacing or added after what the step holds), accepted in part (chosen items),
 * or discarded. A reload, or another tab, shows the same pending draft; accepting merges it on the server.
 */
import { RotateCcw, Sparkles } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { draftItems, itemCount, type MergeMode } from '@shared/domain/draft-merge';
import { checkConsistency, issuesForStep } from '@shared/domain/report/consistency';
import { reportTexts } from '@shared/messages/sections';
import { wizardTexts } from '@shared/messages/wizard';
import type { ConsistencyItem, DraftJob, DraftStep } from '@shared/schemas/report-document';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { isDraftJobActive, useDraftJob, useDraftStep } from '@/features/ai';
import { ConsistencyPanel } from '@/features/sections';
import { useQueryClient } from '@tanstack/react-query';
import { useAcceptDraft } from '../api/accept-draft';
import { useDiscardDraft } from '../api/discard-draft';
import { getPendingDraft, pendingDraftKey, usePendingDraft } from '../api/get-pending-draft';
import { notify } from '../lib/notify';
import { nextSeq, saveSession } from '../lib/save-session';
import type { WizardData } from '../lib/types';

const r = reportTexts;
const d = wizardTexts.draftReview;
const j = reportTexts.draftJob;

/**
 * The drafting job while it runs: its stage in words (announced politely to screen readers as it changes) and
 * a progress bar. The job runs on the server, so the page can be left and the job is picked up on return.
 */
function DraftProgress({ job, what }: { job: DraftJob; what: string }) {
  const stage = j.stages[job.stage];
  return (
    <div className="space-y-1" data-testid="draft-progress">
      <div
        className="h-1.5 w-full max-w-sm overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={j.progress(what)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={job.progress}
        aria-valuetext={stage}
      >
        <div className="h-full rounded-full bg-slate-700 transition-[width] duration-500" style={{ width: `${Math.max(5, job.progress)}%` }} />
      </div>
      <p className="text-sm text-slate-700" data-testid="draft-stage">
        {stage}
      </p>
      <p className="text-xs text-slate-500">{j.hint}</p>
    </div>
  );
}

function RegenerateDialog({
  open,
  count,
  onChoose,
  onPick,
}: {
  open: boolean;
  count: number;
  onChoose: (mode: MergeMode | null) => void;
  /** choose some of the draft's items instead */
  onPick?: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onChoose(null)} title={r.regenerate.title} description={r.regenerate.body(count)} className="max-w-lg">
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => onChoose(null)}>
          {r.regenerate.cancel}
        </Button>
        {onPick && (
          <Button variant="outline" onClick={onPick}>
            {d.choose}
          </Button>
        )}
        <Button variant="outline" onClick={() => onChoose('append')}>
          {r.regenerate.append}
        </Button>
        <Button variant="danger" onClick={() => onChoose('replace')}>
          {r.regenerate.replace}
        </Button>
      </div>
    </Dialog>
  );
}

/** The draft's items as a checklist: the chosen ones are added after what the step holds. */
function ChooseItemsDialog({ items, onDone }: { items: { id: string; label: string }[] | null; onDone: (ids: string[] | null) => void }) {
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  const chosen = (items ?? []).filter((i) => !unchecked.has(i.id)).map((i) => i.id);
  const toggle = (id: string) =>
    setUnchecked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Dialog open={items !== null} onOpenChange={(o) => !o && onDone(null)} title={d.chooseTitle} description={d.chooseBody} className="max-w-2xl">
      <ul className="max-h-[50vh] space-y-2 overflow-y-auto" data-testid="draft-items">
        {(items ?? []).map((i) => (
          <li key={i.id}>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1" checked={!unchecked.has(i.id)} onChange={() => toggle(i.id)} aria-label={d.item(i.label)} />
              <span>{i.label}</span>
            </label>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="outline" onClick={() => onDone(null)}>
          {r.regenerate.cancel}
        </Button>
        <Button disabled={chosen.length === 0} onClick={() => onDone(chosen)}>
          {d.addChosen(chosen.length)}
        </Button>
      </div>
    </Dialog>
  );
}

export function ReportStepFrame({
  stepId,
  draft,
  data,
  reportId,
  stepVersion,
  brokenCitations,
  onAccepted,
  onComplete,
  onFix,
  children,
}: {
  stepId: string;
  draft: { step: DraftStep; what: string; completeLabel: string };
  data: WizardData;
  reportId: string | null;
  /** the step's version this tab's data of it is based on */
  stepVersion: number | undefined;
  brokenCitations: ReadonlySet<string>;
  /** the step as the server stored it after merging an accepted draft */
  onAccepted: (data: unknown, stepVersion: number) => void;
  onComplete: () => void;
  onFix: (item: ConsistencyItem) => void;
  children: ReactNode;
}) {
  const client = useQueryClient();
  const drafting = useDraftStep(reportId);
  const jobQuery = useDraftJob(reportId, draft.step);
  const job = jobQuery.data?.job ?? null;
  const running = isDraftJobActive(job);
  /** the job this tab started: its draft is opened for review as soon as it is ready */
  const startedHere = useRef<string | null>(null);
  /** the job and status seen last, to act once when a job this page watched finishes */
  const lastSeen = useRef<{ id: string; status: DraftJob['status'] } | null>(null);
  const pending = usePendingDraft(reportId, draft.step);
  const accepting = useAcceptDraft();
  const discarding = useDiscardDraft();
  const [reviewing, setReviewing] = useState(false);
  const [choosing, setChoosing] = useState<{ id: string; label: string }[] | null>(null);
  const count = itemCount(draft.step, data);
  const issues = issuesForStep(checkConsistency(data, { brokenCitations }), stepId);
  const waiting = pending.data?.draft ?? null;

  async function accept(mode: MergeMode, itemIds?: string[]) {
    if (!reportId) return;
    try {
      const mine = data[draft.step];
      const res = await accepting.mutateAsync({
        reportId,
        step: draft.step,
        body: { mode, ...(itemIds ? { item_ids: itemIds } : {}), ...(mine !== undefined ? { data: mine } : {}), version: stepVersion ?? 0, session: await saveSession(), seq: nextSeq() },
      });
      onAccepted(res.data, res.step_version);
      notify.success(r.generated(draft.what));
    } catch (error) {
      notify.error(r.generateFailed, error instanceof ApiError ? error.detail : undefined);
    }
  }

  /** Review the waiting draft: with nothing written yet it simply fills the step; otherwise the user chooses. */
  function review() {
    if (itemCount(draft.step, data) > 0) setReviewing(true);
    else void accept('replace');
  }

  /** Starts the step's drafting job on the server (or joins the one running); its progress shows below. */
  async function generate() {
    if (!reportId) return;
    try {
      const res = await drafting.mutateAsync(draft.step);
      startedHere.current = res.job.id;
    } catch (error) {
      notify.error(r.generateFailed, error instanceof ApiError ? error.detail : undefined);
    }
  }

  /** A job this page watched has finished: its draft is the step's pending draft now (or it failed, with a reason). */
  const onFinished = useEffectEvent(async (finished: DraftJob) => {
    if (!reportId) return;
    const mine = startedHere.current === finished.id;
    if (finished.status === 'failed') {
      if (mine) notify.error(r.generateFailed, finished.error ?? undefined);
      return;
    }
    const fresh = await client.fetchQuery({ queryKey: pendingDraftKey(reportId, draft.step), queryFn: () => getPendingDraft(reportId, draft.step), staleTime: 0 });
    // never silently discard what the user wrote: ask first (a job picked up after a reload just shows its draft waiting)
    if (mine && fresh.draft) review();
  });

  useEffect(() => {
    if (!job) return;
    const before = lastSeen.current;
    lastSeen.current = { id: job.id, status: job.status };
    const watched = before?.id === job.id && (before.status === 'queued' || before.status === 'running');
    if (watched && !isDraftJobActive(job)) void onFinished(job);
  }, [job]);

  async function discard() {
    if (!reportId) return;
    setReviewing(false);
    try {
      await discarding.mutateAsync({ reportId, step: draft.step });
      notify.info(d.discarded);
    } catch (error) {
      notify.error(r.generateFailed, error instanceof ApiError ? error.detail : undefined);
    }
  }

  const busy = drafting.isPending || accepting.isPending || running;
  const failed = job?.status === 'failed' && !drafting.isPending ? job : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start gap-3">
        <Button variant="outline" onClick={() => void generate()} disabled={busy || !reportId} aria-busy={busy}>
          <Sparkles className="h-4 w-4" aria-hidden /> {busy ? r.generating : r.generate}
        </Button>
        {/* always present, so a screen reader hears each stage as the job moves on */}
        <div aria-live="polite" role="status" className="min-w-60 flex-1">
          {running && <DraftProgress job={job} what={draft.what} />}
          {drafting.isPending && !running && <span className="sr-only">{r.generating}</span>}
        </div>
      </div>
      {failed && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="draft-failed">
          <p>
            <span className="font-medium">{j.stages.failed}:</span> {failed.error ?? reportTexts.generateFailed}
          </p>
          <Button size="sm" variant="outline" onClick={() => void generate()} disabled={!reportId}>
            <RotateCcw className="h-4 w-4" aria-hidden /> {j.retry}
          </Button>
        </div>
      )}
      {waiting && !busy && !reviewing && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm" role="status" data-testid="pending-draft">
          <p>{d.waiting(draft.what)}</p>
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => void discard()}>
              {d.discard}
            </Button>
            <Button size="sm" onClick={review}>
              {d.review}
            </Button>
          </div>
        </div>
      )}
      {children}
      <ConsistencyPanel issues={issues} onFix={onFix} />
      <Button onClick={onComplete}>{draft.completeLabel}</Button>
      <RegenerateDialog
        open={reviewing && waiting !== null}
        count={count}
        onPick={() => {
          setReviewing(false);
          if (waiting) setChoosing(draftItems(draft.step, waiting.data));
        }}
        onChoose={(mode) => {
          setReviewing(false);
          if (mode) void accept(mode);
        }}
      />
      <ChooseItemsDialog
        key={choosing ? 'open' : 'closed'}
        items={choosing}
        onDone={(ids) => {
          setChoosing(null);
          if (ids) void accept('append', ids);
        }}
      />
    </div>
  );
}

export function ComposeConfirmDialog({ titles, onChoose }: { titles: string[] | null; onChoose: (overwrite: boolean) => void }) {
  return (
    <Dialog open={titles !== null} onOpenChange={(o) => !o && onChoose(false)} title={r.compose.confirmTitle} description={r.compose.confirmBody(titles ?? [])} className="max-w-lg">
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => onChoose(false)}>
          {r.compose.keep}
        </Button>
        <Button variant="danger" onClick={() => onChoose(true)}>
          {r.compose.overwrite}
        </Button>
      </div>
    </Dialog>
  );
}
