/**
 * The visuals page (spec section 2 "Visuals page"): the chart-type tiles (the spec's six and the consulting
 * charts: stacked, 100% stacked, waterfall, Mekko) open the builder; the cards are
 * the report's visuals with their status, type and where they are used, with edit, duplicate, delete and
 * insert into a section. Without `?report=` a report is chosen first.
 */
import { AreaChart, BarChart3, CalendarRange, ChartBarStacked, ChartColumnDecreasing, ChartColumnStacked, Grid3x3, LayoutDashboard, PieChart, Table2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { APP_BASE } from '@shared/constants';
import { dashboardTexts } from '@shared/messages/dashboard';
import { visualsTexts } from '@shared/messages/visuals';
import { VISUAL_TYPES, type VisualListItem, type VisualType } from '@shared/schemas/visuals';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { ReportPicker } from '@/features/reports';
import { useCreateVisual } from '../api/create-visual';
import { useDeleteVisual } from '../api/delete-visual';
import { useChartSource } from '../api/get-chart-source';
import { useVisuals } from '../api/list-visuals';
import { useUpdateVisual } from '../api/update-visual';
import { bodyOf, draftOf, newDraft, type VisualDraft } from '../lib/draft';
import { InsertDialog } from './insert-dialog';
import { VisualBuilder } from './visual-builder';
import { VisualCard } from './visual-card';

const t = visualsTexts;
const ICONS: Record<VisualType, typeof BarChart3> = {
  bar: BarChart3,
  line: AreaChart,
  pie: PieChart,
  heatmap: Grid3x3,
  table: Table2,
  gantt: CalendarRange,
  stacked: ChartColumnStacked,
  'stacked-100': ChartBarStacked,
  waterfall: ChartColumnDecreasing,
  mekko: LayoutDashboard,
};

type Editing = { mode: 'new' } | { mode: 'edit'; visual: VisualListItem };

export function VisualsPage() {
  const [params, setParams] = useSearchParams();
  const reportId = params.get('report') ?? undefined;
  const visuals = useVisuals(reportId);
  const { source, brand, error: sourceError } = useChartSource(reportId);
  const create = useCreateVisual(reportId ?? '');
  const update = useUpdateVisual(reportId ?? '');
  const del = useDeleteVisual(reportId ?? '');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [draft, setDraft] = useState<VisualDraft>(() => newDraft('bar'));
  const [inserting, setInserting] = useState<VisualListItem | null>(null);

  const open = (type: VisualType) => {
    setDraft(newDraft(type, source?.data));
    setEditing({ mode: 'new' });
  };
  const onEdit = useCallback((v: VisualListItem) => {
    setDraft(draftOf(v));
    setEditing({ mode: 'edit', visual: v });
  }, []);

  const save = async () => {
    if (!editing) return;
    try {
      if (editing.mode === 'new') {
        await create.mutateAsync(bodyOf(draft));
        toast.success(t.toasts.created);
      } else {
        await update.mutateAsync({ id: editing.visual.id, body: { ...bodyOf(draft), version: editing.visual.version } });
        toast.success(t.toasts.saved);
      }
      setEditing(null);
    } catch (error) {
      toast.error(t.toasts.saveFailed, { description: error instanceof ApiError ? error.detail : undefined });
      if (error instanceof ApiError && error.status === 409 && editing.mode === 'edit') {
        // someone saved it meanwhile: keep the builder open on this text, at their version
        const fresh = await visuals.refetch();
        const latest = fresh.data?.items.find((v) => v.id === editing.visual.id);
        if (latest) setEditing({ mode: 'edit', visual: latest });
      }
    }
  };

  const onDuplicate = useCallback(
    async (v: VisualListItem) => {
      try {
        await create.mutateAsync({ ...bodyOf(draftOf(v)), title: t.copyOf(v.title).slice(0, 200), status: 'draft' });
        toast.success(t.toasts.duplicated);
      } catch (error) {
        toast.error(t.toasts.saveFailed, { description: error instanceof ApiError ? error.detail : undefined });
      }
    },
    [create],
  );

  const onDelete = useCallback(
    async (v: VisualListItem) => {
      if (!window.confirm(t.confirmDelete(v.title, v.used_in.map((p) => p.title)))) return;
      try {
        await del.mutateAsync({ id: v.id, force: v.used_in.length > 0 });
        toast.success(t.toasts.deleted);
      } catch (error) {
        toast.error(t.toasts.deleteFailed, { description: error instanceof ApiError ? error.detail : undefined });
      }
    },
    [del],
  );

  const items = visuals.data?.items ?? [];

  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 sm:p-8">
      <PageHeader title={t.title} subtitle={t.subtitle}>
        <ReportPicker value={reportId ?? ''} onChange={(id) => setParams(id ? { report: id } : {})} />
        {reportId && (
          <Link to={`${APP_BASE}/editor?report=${reportId}`} className="text-sm font-medium text-sky-800 underline underline-offset-2">
            {t.backToEditor}
          </Link>
        )}
      </PageHeader>

      {!reportId ? (
        <section className="rounded-xl border border-dashed border-slate-300 bg-white p-8">
          <p className="text-slate-700">{t.noReport}</p>
        </section>
      ) : (
        <>
          <section aria-labelledby="chart-types">
            <h2 id="chart-types" className="mb-3 text-lg font-semibold">
              {t.chartTypes}
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
              {VISUAL_TYPES.map((type) => {
                const Icon = ICONS[type];
                return (
                  <li key={type}>
                    <button
                      type="button"
                      onClick={() => open(type)}
                      disabled={!source}
                      aria-label={t.create(t.types[type])}
                      data-testid="chart-type-tile"
                      data-type={type}
                      className="flex h-full w-full flex-col items-center gap-2 rounded-xl border border-slate-200 bg-white p-4 text-center hover:border-sky-400 hover:bg-sky-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 disabled:opacity-50"
                    >
                      <Icon className="h-8 w-8 text-slate-700" aria-hidden />
                      <span className="font-medium">{t.types[type]}</span>
                      <span className="text-xs text-slate-600">{t.typeHelp[type]}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>

          <section aria-labelledby="visual-list" className="space-y-3">
            <h2 id="visual-list" className="text-lg font-semibold">
              {t.list}
            </h2>
            {visuals.isPending ? (
              <div className="grid gap-4 md:grid-cols-2">
                <Skeleton className="h-72" />
                <Skeleton className="h-72" />
              </div>
            ) : visuals.error || sourceError ? (
              <p role="alert" className="text-red-700">
                {(visuals.error ?? sourceError) instanceof ApiError ? ((visuals.error ?? sourceError) as ApiError).detail : dashboardTexts.toasts.loadFailed}
              </p>
            ) : items.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-slate-700">{t.empty}</p>
            ) : (
              <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {items.map((v) => (
                  <VisualCard key={v.id} visual={v} source={source} brand={brand} onEdit={onEdit} onDuplicate={(v) => void onDuplicate(v)} onDelete={(v) => void onDelete(v)} onInsert={setInserting} />
                ))}
              </div>
            )}
          </section>

          {editing && (
            <VisualBuilder
              reportId={reportId}
              open
              heading={editing.mode === 'new' ? t.builder.newTitle(t.types[draft.type]) : t.builder.editTitle(editing.visual.title)}
              draft={draft}
              onChange={setDraft}
              source={source}
              brand={brand}
              saving={create.isPending || update.isPending}
              onSave={() => void save()}
              onClose={() => setEditing(null)}
            />
          )}
          <InsertDialog reportId={reportId} visual={inserting} onClose={() => setInserting(null)} />
        </>
      )}
    </div>
  );
}
