import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DEFAULT_RELEVANCE, DIMENSIONS } from '@shared/schemas/analysis';
import { evidenceTexts } from '@shared/messages/evidence';
import { wizardTexts } from '@shared/messages/wizard';
import type { EvidenceItem } from '@shared/schemas/evidence';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { AddEvidenceTabs, claimEvidence, confirmEvidenceDelete, evidenceKeys, RelevanceBadge, UploadPanel, useFileUploads, useAddInterviewEvidence, useAddUrlEvidence, useDeleteEvidence, useEvidenceList, useUpdateEvidence } from '@/features/evidence';
import { notify, WIZARD_TOAST_MS } from '../../lib/notify';
import type { EvidenceRef } from '../../lib/types';

const t = wizardTexts.intake;
const e = evidenceTexts;

/** A URL or interview item shown while the server fetches and analyses it (spec: status starts as pending). */
interface PendingItem {
  key: string;
  type: 'url' | 'interview';
  title: string;
  relevanceScore: number;
  status: 'pending' | 'failed';
  reason?: string;
}

const toRef = (i: EvidenceItem): EvidenceRef => ({
  id: i.id,
  type: i.type,
  title: i.title,
  status: i.status,
  relevanceScore: i.relevanceScore,
  linkedDimensions: i.linkedDimensions,
});

export function DataIntakeStep({ reportRef, placeholderId, hasReport, onCompleted }: { reportRef: string; placeholderId: string; hasReport: boolean; onCompleted: (refs: EvidenceRef[]) => void }) {
  const queryClient = useQueryClient();
  const list = useEvidenceList(reportRef, '');
  const items = list.data?.items ?? [];
  const uploads = useFileUploads({ toastDuration: WIZARD_TOAST_MS });
  const addUrl = useAddUrlEvidence(reportRef);
  const addInterview = useAddInterviewEvidence(reportRef);
  const del = useDeleteEvidence(reportRef);
  const patch = useUpdateEvidence(reportRef);
  const [pending, setPending] = useState<PendingItem[]>([]);

  // evidence added before setup that a failed claim left behind: claim it again (a no-op when there is none)
  useEffect(() => {
    if (!hasReport) return;
    void claimEvidence(reportRef, placeholderId)
      .then((r) => (r.moved ? queryClient.invalidateQueries({ queryKey: evidenceKeys.all }) : undefined))
      .catch(() => undefined);
  }, [hasReport, reportRef, placeholderId, queryClient]);

  async function withPending(type: 'url' | 'interview', title: string, run: () => Promise<unknown>): Promise<boolean> {
    const key = `${type}-${Date.now()}`;
    setPending((p) => [...p, { key, type, title, relevanceScore: DEFAULT_RELEVANCE[type], status: 'pending' }]);
    try {
      await run();
      setPending((p) => p.filter((x) => x.key !== key));
      return true;
    } catch (error) {
      const reason = error instanceof ApiError ? error.detail : undefined;
      setPending((p) => p.map((x) => (x.key === key ? { ...x, status: 'failed', reason } : x)));
      notify.error(e.toasts.addFailed, reason);
      return false;
    }
  }

  async function toggleDimension(item: EvidenceItem, dimension: string) {
    const has = item.linkedDimensions.includes(dimension as never);
    const linkedDimensions = has ? item.linkedDimensions.filter((d) => d !== dimension) : [...item.linkedDimensions, dimension as never];
    patch.mutate({ id: item.id, body: { linkedDimensions, version: item.version } }, { onError: (err) => notify.error(e.toasts.addFailed, err instanceof ApiError ? err.detail : undefined) });
  }

  const count = items.length;
  return (
    <div className="space-y-6">
      <AddEvidenceTabs
        filesLabel={t.files}
        files={<UploadPanel uploads={uploads.uploads} onFiles={(files) => uploads.add(reportRef, files)} />}
        toastDuration={WIZARD_TOAST_MS}
        onAddUrl={(v) => withPending('url', v.title, () => addUrl.mutateAsync({ ...v, description: '' }))}
        onAddInterview={(v) => withPending('interview', v.title, () => addInterview.mutateAsync({ ...v, source: '' }))}
      />

      <section aria-label={t.evidence} className="space-y-3">
        <h3 className="font-semibold">{t.evidence}</h3>
        {items.length === 0 && pending.length === 0 && <p className="text-sm text-slate-500">{t.none}</p>}
        <ul className="space-y-3">
          {pending.map((p) => (
            <li key={p.key} className="flex items-center justify-between gap-3 rounded-lg border border-dashed border-slate-300 p-3" data-testid="intake-item" data-status={p.status}>
              <div>
                <p className="font-medium">{p.title}</p>
                <p className="text-xs text-slate-500">
                  {p.type} · {e.statuses[p.status]}
                  {p.reason ? ` · ${p.reason}` : ''}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <RelevanceBadge score={p.relevanceScore} />
                {p.status === 'failed' && (
                  <Button size="sm" variant="ghost" onClick={() => setPending((all) => all.filter((x) => x.key !== p.key))}>
                    {t.remove}
                  </Button>
                )}
              </div>
            </li>
          ))}
          {items.map((item) => (
            <li key={item.id} className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid="intake-item" data-status={item.status}>
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{item.title}</p>
                  <p className="text-xs text-slate-500">
                    {item.type} · {e.statuses[item.status]}
                    {item.aiInsights.length ? ` · ${item.aiInsights.length} insights` : ''}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <RelevanceBadge score={item.relevanceScore} />
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-600"
                    aria-label={`${t.remove} ${item.title}`}
                    onClick={() =>
                      void confirmEvidenceDelete(reportRef, item.id, item.title, { askWhenUncited: false }).then((confirmed) => {
                        if (confirmed) del.mutate(item.id, { onError: (err) => notify.error(e.toasts.deleteFailed, err instanceof ApiError ? err.detail : undefined) });
                      })
                    }
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </div>
              </div>
              <div className="flex flex-wrap gap-1" role="group" aria-label={`Dimensions of ${item.title}`}>
                {DIMENSIONS.map((d) => {
                  const on = item.linkedDimensions.includes(d);
                  return (
                    <button
                      key={d}
                      type="button"
                      aria-pressed={on}
                      aria-label={t.linkDimension(d)}
                      onClick={() => void toggleDimension(item, d)}
                      className={cn('rounded-full border px-2 py-0.5 text-xs', on ? 'border-sky-600 bg-sky-600 text-white' : 'border-slate-300 text-slate-600 hover:bg-slate-50')}
                    >
                      {d}
                    </button>
                  );
                })}
              </div>
              {item.tags.length > 0 && (
                <div className="flex flex-wrap gap-1">
                  {item.tags.map((tag) => (
                    <Badge key={tag}>{tag}</Badge>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>

      <Button
        onClick={() => {
          if (count === 0) return void notify.error(wizardTexts.toasts.evidenceRequired);
          onCompleted(items.map(toRef));
        }}
        disabled={uploads.busy}
      >
        {t.complete(count)}
      </Button>
    </div>
  );
}
