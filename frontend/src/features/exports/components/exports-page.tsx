import { FilePenLine, Palette } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { APP_BASE } from '@shared/constants';
import { exportsTexts } from '@shared/messages/exports';
import type { ExportExtra, ExportFormat, ExportStatusResponse } from '@shared/schemas/exports';
import type { SectionKey } from '@shared/schemas/report-document';
import { ProviderLogo } from '@/components/ui/brand';
import { Skeleton } from '@/components/ui/skeleton';
import { DashboardBackLink } from '@/components/ui/page-header';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { ReportPicker, useBenchmark, useReport } from '@/features/reports';
import { useSections } from '@/features/sections';
import { ExportApprovals } from '@/features/reviews';
import { useStartExport } from '../api/create-export';
import { exportKeys } from '../api/keys';
import { useExportList } from '../api/list-exports';
import { offeredExtras, readExtras, writeExtras } from '../lib/extras';
import { chosenSections, exportableSections, initialOptional, selectionProblem } from '../lib/selection';
import { ExportHistory } from './export-history';
import { ExportStatus } from './export-status';
import { ExtrasChecklist } from './extras-checklist';
import { FormatCards } from './format-cards';
import { SectionChecklist } from './section-checklist';

const t = exportsTexts;
const session = () => sessionStorage;

function Header({ reportId, onPick }: { reportId: string; onPick: (id: string) => void }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-4">
      <div className="flex items-center gap-3">
        <DashboardBackLink />
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t.title}</h1>
          <p className="text-sm text-slate-600">{t.subtitle}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {reportId && <ReportPicker value={reportId} onChange={onPick} />}
        <ProviderLogo className="hidden md:flex" />
      </div>
    </header>
  );
}

/** The export page (spec section 2 "Export page", section 5 "Export", section 9 "Export formats"). */
export function ExportsPage() {
  const [params, setParams] = useSearchParams();
  const reportId = params.get('report') ?? '';
  const pick = useCallback((id: string) => id && setParams({ report: id }), [setParams]);

  if (!reportId) {
    return (
      <div className="mx-auto max-w-6xl space-y-6 p-4 sm:p-8">
        <Header reportId="" onPick={pick} />
        <section className="space-y-4 rounded-xl border border-dashed border-slate-300 bg-white p-8">
          <p className="text-slate-700">{t.noReport}</p>
          <ReportPicker value="" onChange={pick} />
        </section>
      </div>
    );
  }
  return <ReportExports key={reportId} reportId={reportId} onPick={pick} />;
}

function ReportExports({ reportId, onPick }: { reportId: string; onPick: (id: string) => void }) {
  const client = useQueryClient();
  const report = useReport(reportId);
  const sections = useSections(reportId);
  const history = useExportList(reportId);
  const start = useStartExport(reportId);
  const benchmark = useBenchmark(reportId);
  const [ticked, setTicked] = useState<ReadonlySet<SectionKey>>(initialOptional);
  const [extras, setExtras] = useState<ReadonlySet<ExportExtra>>(() => readExtras(reportId, session));
  const [problem, setProblem] = useState<string | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  const written = useMemo(() => new Map((sections.data?.items ?? []).map((s) => [s.key, s.content.trim() ? [...s.content].length : 0])), [sections.data]);
  const chosen = chosenSections(ticked);
  // the extras this report can have: the comparison for a re-assessment, the benchmark once it is shown (5+ peers), the figures' sources always
  const benchmarkPeers = benchmark.data?.available ? benchmark.data.count : null;
  const offered = useMemo(
    () => new Set<ExportExtra>([...(report.data?.baseline_id ? (['comparison'] as const) : []), ...(benchmarkPeers !== null ? (['benchmark'] as const) : []), 'figures']),
    [report.data?.baseline_id, benchmarkPeers],
  );

  function toggleExtra(extra: ExportExtra, on: boolean) {
    const next = new Set(extras);
    if (on) next.add(extra);
    else next.delete(extra);
    writeExtras(reportId, next, session);
    setExtras(next);
  }

  function toggle(key: SectionKey, on: boolean) {
    setProblem(null);
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  async function exportAs(format: ExportFormat) {
    const why = selectionProblem(chosen, written);
    setProblem(why);
    if (why) return;
    try {
      const res = await start.mutateAsync({ format, sections: exportableSections(chosen, written), extras: offeredExtras(extras, offered) });
      setActiveId(res.export_id);
      setRunning(true);
    } catch (error) {
      notify.error(t.startFailed, error instanceof ApiError ? error.detail : undefined);
    }
  }

  const finished = useCallback(
    (job: ExportStatusResponse) => {
      setRunning(false);
      void client.invalidateQueries({ queryKey: exportKeys.list(reportId) });
      if (job.status === 'done') notify.success(t.ready(job.file_name ?? ''));
      else notify.error(t.failed, job.error ?? undefined);
    },
    [client, reportId],
  );

  const notFound = report.error instanceof ApiError && report.error.status === 404;
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-4 sm:p-8">
      <Header reportId={reportId} onPick={onPick} />
      {notFound ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {t.reportMissing}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-semibold" data-testid="export-report-title">
              {report.data ? report.data.title : <Skeleton className="h-6 w-64" />}
            </h2>
            <div className="flex gap-2">
              <Link to={`${APP_BASE}/wizards/finalize?report=${reportId}`} className="inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50">
                <Palette className="h-4 w-4" aria-hidden /> {t.openFinalize}
              </Link>
              <Link to={`${APP_BASE}/editor?report=${reportId}`} className="inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50">
                <FilePenLine className="h-4 w-4" aria-hidden /> {t.openEditor}
              </Link>
            </div>
          </div>
          {sections.isError && (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
              {t.sectionsFailed}
            </p>
          )}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[25rem_1fr]">
            <div className="space-y-4">
              <SectionChecklist ticked={ticked} written={written} loading={sections.isPending} onToggle={toggle} />
              <ExtrasChecklist comparison={offered.has('comparison')} benchmarkPeers={benchmarkPeers} figures={offered.has('figures')} ticked={extras} onToggle={toggleExtra} />
              <ExportApprovals reportId={reportId} />
            </div>
            <div className="space-y-4">
              <FormatCards busy={running || start.isPending || sections.isPending || sections.isError} onExport={(f) => void exportAs(f)} />
              {problem && (
                <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950">
                  {problem}
                </p>
              )}
              {activeId && <ExportStatus reportId={reportId} exportId={activeId} onFinished={finished} />}
            </div>
          </div>
          <ExportHistory reportId={reportId} items={history.data?.items} loading={history.isPending} failed={history.isError} onRetry={() => void history.refetch()} />
        </>
      )}
    </div>
  );
}
