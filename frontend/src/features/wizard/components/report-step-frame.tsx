/**
 * The frame of steps 5–9: "Generate with AI" (asking before it replaces anything the user wrote), the step
 * itself, its consistency warnings (live over the unsaved data), and its complete button.
 */
import { Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { checkConsistency, issuesForStep } from '@shared/domain/report/consistency';
import { messages } from '@shared/messages';
import type { ConsistencyItem, DraftStep } from '@shared/schemas/report-document';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { useDraftStep } from '@/features/ai';
import { ConsistencyPanel } from '@/features/sections';
import { itemCount, mergeDraft, type MergeMode } from '@shared/domain/draft-merge';
import { notify } from '../lib/notify';
import type { WizardData } from '../lib/types';

const r = messages.report;

export function RegenerateDialog({ open, count, onChoose }: { open: boolean; count: number; onChoose: (mode: MergeMode | null) => void }) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onChoose(null)} title={r.regenerate.title} description={r.regenerate.body(count)} className="max-w-lg">
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => onChoose(null)}>
          {r.regenerate.cancel}
        </Button>
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

export function ReportStepFrame({
  stepId,
  draft,
  data,
  reportId,
  brokenCitations,
  onData,
  onComplete,
  onFix,
  children,
}: {
  stepId: string;
  draft: { step: DraftStep; what: string; completeLabel: string };
  data: WizardData;
  reportId: string | null;
  brokenCitations: ReadonlySet<string>;
  /** the whole wizard data after a draft was merged in */
  onData: (data: WizardData) => void;
  onComplete: () => void;
  onFix: (item: ConsistencyItem) => void;
  children: ReactNode;
}) {
  const drafting = useDraftStep(reportId);
  const [pending, setPending] = useState<unknown>(null);
  const count = itemCount(draft.step, data);
  const issues = issuesForStep(checkConsistency(data, { brokenCitations }), stepId);

  function apply(drafted: unknown, mode: MergeMode) {
    onData(mergeDraft(draft.step, data, drafted, mode));
    notify.success(r.generated(draft.what));
  }

  async function generate() {
    try {
      const res = await drafting.mutateAsync(draft.step);
      // never silently discard what the user wrote: ask first
      if (itemCount(draft.step, data) > 0) setPending(res.data);
      else apply(res.data, 'replace');
    } catch (error) {
      notify.error(r.generateFailed, error instanceof ApiError ? error.detail : undefined);
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => void generate()} disabled={drafting.isPending || !reportId} aria-busy={drafting.isPending}>
          <Sparkles className="h-4 w-4" aria-hidden /> {drafting.isPending ? r.generating : r.generate}
        </Button>
        {drafting.isPending && (
          <div className="h-1.5 w-40 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label={r.generating}>
            <div className="h-full w-1/3 animate-pulse rounded-full bg-slate-700" />
          </div>
        )}
      </div>
      {children}
      <ConsistencyPanel issues={issues} onFix={onFix} />
      <Button onClick={onComplete}>{draft.completeLabel}</Button>
      <RegenerateDialog
        open={pending !== null}
        count={count}
        onChoose={(mode) => {
          if (mode && pending) apply(pending, mode);
          setPending(null);
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
