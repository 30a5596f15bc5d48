import { AlertTriangle, CheckCircle2, Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { exportsTexts } from '@shared/messages/exports';
import type { ExportStatusResponse } from '@shared/schemas/exports';
import { ProgressBar } from '@/components/ui/progress';
import { ApiError } from '@/lib/api-client';
import { useExportJob } from '../api/get-export';
import { startDownload } from '../lib/download';

const t = exportsTexts;

/**
 * The export that is running: a progress bar with what the worker is doing, then the download (started at
 * once, and a link to start it again), or why it failed.
 */
export function ExportStatus({ reportId, exportId, onFinished }: { reportId: string; exportId: string; onFinished: (job: ExportStatusResponse) => void }) {
  const job = useExportJob(reportId, exportId);
  const reported = useRef<string | null>(null);
  const data = job.data;

  useEffect(() => {
    if (!data || (data.status !== 'done' && data.status !== 'failed') || reported.current === data.id) return;
    reported.current = data.id;
    if (data.status === 'done' && data.download_url) startDownload(data.download_url);
    onFinished(data);
  }, [data, onFinished]);

  if (job.error) {
    return (
      <p role="alert" className="flex items-center gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
        <AlertTriangle className="h-4 w-4" aria-hidden /> {t.failed}: {job.error instanceof ApiError ? (job.error.detail ?? job.error.message) : job.error.message}
      </p>
    );
  }
  if (!data || data.status === 'queued' || data.status === 'running') {
    return (
      <div className="space-y-2 rounded-lg border border-sky-200 bg-sky-50 p-4" aria-live="polite" data-testid="export-progress">
        <p className="text-sm font-medium text-sky-950">{t.stages[data?.stage ?? 'queued']}</p>
        <ProgressBar value={data?.progress ?? 0} label={t.progressLabel} />
      </div>
    );
  }
  if (data.status === 'failed') {
    return (
      <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="export-failed">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>
          {t.failed}: {data.error}
        </span>
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950" role="status" data-testid="export-done">
      <CheckCircle2 className="h-4 w-4" aria-hidden />
      <span>{t.ready(data.file_name ?? '')}</span>
      {data.download_url && (
        <a href={data.download_url} rel="noopener" className="inline-flex items-center gap-1 font-medium text-sky-800 underline underline-offset-2">
          <Download className="h-4 w-4" aria-hidden /> {t.download}
        </a>
      )}
      {data.notes?.length ? (
        <ul className="basis-full list-disc space-y-0.5 pl-6 text-xs text-emerald-900" data-testid="export-notes">
          {data.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
