/**
 * Conflicts between sources: each measure two items give different figures for, with both quotes; a
 * consultant chooses the source to use or notes why they differ (stored, with an audit entry).
 */
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { conflicts as t } from '@shared/messages/ask';
import type { EvidenceConflict } from '@shared/schemas/ask';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useConflicts } from '../api/list-conflicts';
import { useResolveConflict } from '../api/resolve-conflict';

function ConflictCard({ reportId, conflict }: { reportId: string; conflict: EvidenceConflict }) {
  const id = useId();
  const [note, setNote] = useState('');
  const resolve = useResolveConflict(reportId);
  const r = conflict.resolution;
  const byId = new Map(conflict.sides.map((s) => [s.evidence_id, s]));
  async function send(body: Parameters<typeof resolve.mutateAsync>[0]['body']) {
    try {
      await resolve.mutateAsync({ conflictId: conflict.id, body });
    } catch (error) {
      toast.error(t.failed, { description: error instanceof ApiError ? error.detail : undefined });
    }
  }
  return (
    <li className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="conflict" data-conflict={conflict.id}>
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="h-4 w-4 text-amber-700" aria-hidden /> {t.measure(conflict.measure, conflict.period)}
      </p>
      <ul className="space-y-1">
        {conflict.sides.map((s) => (
          <li key={`${s.evidence_id}-${s.start}`} data-testid="conflict-side">
            <blockquote className="border-l-2 border-amber-400 pl-2">“{s.quote}”</blockquote>
            <p className="pl-2 text-xs text-amber-900">
              — {s.title} (<strong>{s.figure}</strong>){s.range ? <span className="font-mono"> · {s.range}</span> : null}
            </p>
          </li>
        ))}
      </ul>
      {r ? (
        <p className="flex items-center gap-2 text-emerald-900" data-testid="conflict-resolution">
          <CheckCircle2 className="h-4 w-4" aria-hidden />
          {r.choice === 'source' ? t.resolvedSource(byId.get(r.evidence_id ?? '')?.title ?? '', r.by) : t.resolvedNote(r.note ?? '', r.by)}
        </p>
      ) : (
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            {conflict.sides.map((s) => (
              <Button key={s.evidence_id} size="sm" variant="outline" disabled={resolve.isPending} onClick={() => void send({ choice: 'source', evidence_id: s.evidence_id })}>
                {t.useSource(s.title)}
              </Button>
            ))}
          </div>
          <label htmlFor={`${id}-note`} className="block text-xs font-medium">
            {t.noteLabel}
          </label>
          <Textarea id={`${id}-note`} className="min-h-12 bg-white" value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
          <Button size="sm" disabled={!note.trim() || resolve.isPending} aria-busy={resolve.isPending} onClick={() => void send({ choice: 'explained', note: note.trim() })}>
            {resolve.isPending ? t.saving : t.save}
          </Button>
        </div>
      )}
    </li>
  );
}

export function ConflictsPanel({ reportId }: { reportId: string }) {
  const id = useId();
  const list = useConflicts(reportId);
  return (
    <section className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" aria-labelledby={`${id}-title`} data-testid="conflicts-panel">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t.title}
      </h2>
      {list.isLoading ? (
        <Skeleton className="h-16" role="status" aria-label={t.loading} />
      ) : list.isError ? (
        <p className="text-sm text-red-800" role="alert">
          {t.failed}
        </p>
      ) : !list.data?.items.length ? (
        <p className="text-sm text-slate-600">{t.none}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{t.intro}</p>
          <ul className="space-y-2">
            {list.data.items.map((c) => (
              <ConflictCard key={c.id} reportId={reportId} conflict={c} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
