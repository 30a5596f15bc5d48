import { Download } from 'lucide-react';
import { useState } from 'react';
import { exportsTexts } from '@shared/messages/exports';
import type { ExportJob } from '@shared/schemas/exports';
import { SECTION_TITLES } from '@shared/schemas/report-document';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/lib/notify';
import { getExport } from '../api/get-export';
import { startDownload } from '../lib/download';
import { formatSize } from '../lib/selection';

const t = exportsTexts;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const TONE = { queued: 'neutral', running: 'primary', done: 'success', failed: 'danger' } as const;

/** The report's earlier exports (format, sections, who, when, size) with a download for each finished one. */
export function ExportHistory({ reportId, items, loading, failed, onRetry }: { reportId: string; items: readonly ExportJob[] | undefined; loading: boolean; failed: boolean; onRetry: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);

  async function download(job: ExportJob) {
    setBusy(job.id);
    try {
      // links are short-lived: ask for a fresh one
      const fresh = await getExport(reportId, job.id);
      if (!fresh.download_url) throw new Error('no link');
      startDownload(fresh.download_url);
    } catch {
      notify.error(t.downloadFailed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="history-title">
      <h2 id="history-title" className="text-lg font-semibold">
        {t.history}
      </h2>
      {failed ? (
        <p role="alert" className="flex items-center gap-3 text-sm text-red-800">
          {t.historyFailed}
          <Button size="sm" variant="outline" onClick={onRetry}>
            {t.retry}
          </Button>
        </p>
      ) : loading ? (
        <Skeleton className="h-24 w-full" />
      ) : !items?.length ? (
        <p className="text-sm text-slate-600">{t.historyEmpty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="export-history">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="py-2 pr-3">{t.historyColumns.format}</th>
                <th className="py-2 pr-3">{t.historyColumns.sections}</th>
                <th className="py-2 pr-3">{t.historyColumns.by}</th>
                <th className="py-2 pr-3">{t.historyColumns.when}</th>
                <th className="py-2 pr-3 text-right">{t.historyColumns.size}</th>
                <th className="py-2">
                  <span className="sr-only">{t.historyColumns.file}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((job) => (
                <tr key={job.id} data-export={job.id}>
                  <td className="py-2 pr-3">
                    <span className="font-medium">{t.formatLabels[job.format]}</span>{' '}
                    <Badge tone={TONE[job.status]}>{t.statusLabels[job.status]}</Badge>
                  </td>
                  <td className="max-w-xs py-2 pr-3 text-slate-600" title={job.sections.map((k) => SECTION_TITLES[k]).join(', ')}>
                    {job.sections.map((k) => SECTION_TITLES[k]).join(', ')}
                    {job.status === 'failed' && job.error && <p className="mt-1 text-xs text-red-700">{job.error}</p>}
                  </td>
                  <td className="py-2 pr-3">{job.created_by}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{when(job.created_at)}</td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap">{formatSize(job.size)}</td>
                  <td className="py-2 text-right">
                    {job.status === 'done' && (
                      <Button size="sm" variant="outline" disabled={busy === job.id} onClick={() => void download(job)} aria-label={`${t.download} ${job.file_name ?? ''}`}>
                        <Download className="h-3.5 w-3.5" aria-hidden /> {t.download}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
