import { editorTexts } from '@shared/messages/editor';
import type { ProvenanceRecord } from '@shared/schemas/report-document';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useEvidenceList } from '@/features/evidence';
import { useProvenance } from '../api/list-provenance';
import { provenanceLabel } from '../lib/provenance-label';

const t = editorTexts.provenanceDialog;
const when = (iso: string) => new Date(iso).toLocaleString();
/**
 * Who drafted what in this report, with which model, from which evidence, and what did not verify: the
 * report's provenance records (every AI draft and rewrite leaves one), newest first, a page at a time.
 */
export function ProvenanceDialog({ open, onOpenChange, reportId }: { open: boolean; onOpenChange: (o: boolean) => void; reportId: string }) {
  const pages = useProvenance(reportId, open);
  const evidence = useEvidenceList(open ? reportId : undefined, '');
  const titles = new Map((evidence.data?.items ?? []).map((e) => [e.id, e.title]));
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.title} className="max-w-3xl">
      <p className="text-sm text-slate-600">{t.intro}</p>
      {pages.isPending ? (
        <Skeleton className="h-40" aria-label={t.loading} />
      ) : pages.isError ? (
        <LoadError error={pages.error} fallback={t.failed} retryLabel={t.retry} onRetry={() => void pages.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{t.none}</p>
      ) : (
        <>
          <ol className="max-h-[60vh] space-y-2 overflow-auto" aria-label={t.title}>
            {items.map((r) => (
              <ProvenanceEntry key={r.id} record={r} titles={titles} />
            ))}
          </ol>
          {pages.hasNextPage && (
            <Button size="sm" variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
              {pages.isFetchingNextPage ? t.loading : t.more}
            </Button>
          )}
        </>
      )}
    </Dialog>
  );
}

function ProvenanceEntry({ record: r, titles }: { record: ProvenanceRecord; titles: ReadonlyMap<string, string> }) {
  const named = r.evidence_ids.flatMap((id) => (titles.has(id) ? [titles.get(id)!] : []));
  const others = r.evidence_ids.length - named.length;
  return (
    <li className="space-y-1 rounded-md border border-slate-200 p-3 text-sm" data-testid="provenance-record">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{provenanceLabel(r.kind)}</span>
        <Badge tone="primary">{t.model(r.provider, r.model)}</Badge>
      </div>
      <p className="text-xs text-slate-600">{t.by(r.user, when(r.at))}</p>
      <p className="text-xs text-slate-700">
        {r.evidence_ids.length === 0 ? t.noEvidence : named.length === 0 ? t.evidence(others) : `${t.evidence(r.evidence_ids.length)}: ${[...named, ...(others > 0 ? [t.otherEvidence(others)] : [])].join(', ')}`}
      </p>
      <p className="text-xs text-slate-600">
        {t.produced(r.produced)} · {r.citations_dropped > 0 ? t.dropped(r.citations_dropped) : t.allVerified}
      </p>
      {r.usage && (
        <p className="text-xs text-slate-600" data-testid="provenance-usage">
          {t.usage(r.usage.input_tokens, r.usage.output_tokens, (r.usage.latency_ms / 1000).toFixed(1), r.usage.calls)} · {t.stopReason(r.usage.stop_reason)}
        </p>
      )}
      {r.flagged_claims && r.flagged_claims.length > 0 && (
        <div className="text-xs text-amber-800">
          <p>{t.flagged(r.flagged_claims.length)}</p>
          <ul className="list-disc pl-5">
            {r.flagged_claims.map((c, i) => (
              <li key={i}>
                {c.text} <span className="text-slate-600">({c.reason})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="font-mono text-xs text-slate-500">{t.promptHash(r.prompt_hash)}</p>
    </li>
  );
}
