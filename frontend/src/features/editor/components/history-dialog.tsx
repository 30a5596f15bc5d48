import { useId, useState } from 'react';
import { editorTexts } from '@shared/messages/editor';
import type { Section, SectionKey } from '@shared/schemas/report-document';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { DiffView, restoreSectionVersion, useSectionVersion, useSectionVersions, wordDiff } from '@/features/sections';

const t = editorTexts.historyDialog;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/** A section's versions (who, when, AI or person), a diff between any two, and restoring one as a new version. */
export function HistoryDialog({
  open,
  onOpenChange,
  reportId,
  sectionKey,
  currentVersion,
  onRestored,
  readOnly = false,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  reportId: string;
  sectionKey: SectionKey;
  currentVersion: number;
  onRestored: (s: Section) => void;
  /** a Final report: its history is read, nothing restored */
  readOnly?: boolean;
}) {
  const ids = useId();
  const versions = useSectionVersions(reportId, sectionKey, open);
  const items = versions.data?.items ?? [];
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const a = from ?? items[1]?.version ?? null;
  const b = to ?? items[0]?.version ?? null;
  const left = useSectionVersion(reportId, sectionKey, a, open);
  const right = useSectionVersion(reportId, sectionKey, b, open);
  const options = items.map((v) => ({ value: String(v.version), label: t.version(v.version) }));

  async function restore(version: number) {
    try {
      const restored = await restoreSectionVersion(reportId, sectionKey, version, currentVersion);
      notify.success(t.restored(version));
      onRestored(restored);
      await versions.refetch();
    } catch (error) {
      notify.error(editorTexts.saveFailed, error instanceof ApiError ? error.detail : undefined);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.title} className="max-w-5xl">
      {versions.isPending ? (
        <Skeleton className="h-40" />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{t.none}</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[18rem_1fr]">
          <ol className="space-y-2" aria-label={t.title}>
            {items.map((v) => (
              <li key={v.version} className="rounded-md border border-slate-200 p-2 text-sm" data-testid="history-version">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium">{t.version(v.version)}</span>
                  <Badge tone={v.ai_drafted ? 'primary' : 'neutral'}>{v.ai_drafted ? t.ai : t.person}</Badge>
                </div>
                <p className="text-xs text-slate-600">{t.by(v.updated_by ?? '', when(v.updated_at))}</p>
                <p className="text-xs text-slate-600">{v.note}</p>
                {v.version !== currentVersion && (
                  <Button size="sm" variant="outline" className="mt-1" disabled={readOnly} onClick={() => void restore(v.version)}>
                    {t.restore}
                  </Button>
                )}
              </li>
            ))}
          </ol>
          <section className="space-y-2" aria-label={t.compare}>
            <div className="flex flex-wrap items-end gap-3">
              <div className="space-y-1">
                <Label htmlFor={`${ids}-from`}>{t.from}</Label>
                <Select id={`${ids}-from`} value={String(a ?? '')} options={options} onChange={(e) => setFrom(Number(e.target.value))} />
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${ids}-to`}>{t.to}</Label>
                <Select id={`${ids}-to`} value={String(b ?? '')} options={options} onChange={(e) => setTo(Number(e.target.value))} />
              </div>
            </div>
            {a !== null && b !== null && left.data && right.data ? <DiffView parts={wordDiff(left.data.content, right.data.content)} label={t.compare} /> : <Skeleton className="h-24" />}
          </section>
        </div>
      )}
    </Dialog>
  );
}
