import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { lazy, memo, Suspense, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { APP_BASE } from '@shared/constants';
import { dashboardTexts } from '@shared/messages/dashboard';
import { reassess } from '@shared/messages/reassess';
import type { Report } from '@shared/schemas/reports';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { reportOrderKey, useReassessReport, useSaveReportOrder } from '@/features/reports';
import { useReportActions } from '../hooks/use-dashboard-actions';
import { applySavedOrder, mergeOrder, moveItem } from '../lib/order';
import { ReportCard } from './report-card';

const t = dashboardTexts;
/** the dialog shown when Final is refused (its code, and the review request's, load when first needed) */
const FinalBlockedDialog = lazy(() => import('@/features/reviews').then((m) => ({ default: m.FinalBlockedDialog })));

/**
 * The Recent Reports grid: the most recently updated reports, in the user's own drag order. Drawn again only when
 * its reports or the saved order change, not whenever another of the page's queries answers.
 */
export const RecentReports = memo(function RecentReports({ reports, savedOrder }: { reports: Report[]; savedOrder: string[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const saveOrder = useSaveReportOrder();
  const actions = useReportActions();
  const reassessing = useReassessReport();
  // one key per report until its re-assessment started: a double click (or a retry) starts one, not two
  const reassessKeys = useRef(new Map<string, string>());

  function startReassessment(report: Report) {
    const key = reassessKeys.current.get(report.id) ?? crypto.randomUUID();
    reassessKeys.current.set(report.id, key);
    reassessing.mutate(
      { id: report.id, key },
      {
        onSuccess: (out) => {
          reassessKeys.current.delete(report.id);
          toast.success(reassess.started);
          void navigate(`${APP_BASE}/reports/${out.id}/comparison`);
        },
        onError: (error) => toast.error(error instanceof ApiError && error.detail ? error.detail : reassess.startFailed),
      },
    );
  }
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [finalBlockedWanted, setFinalBlockedWanted] = useState(false);
  if (actions.finalBlocked && !finalBlockedWanted) setFinalBlockedWanted(true);
  const ordered = useMemo(() => applySavedOrder(reports, savedOrder), [reports, savedOrder]);
  const visibleSelected = ordered.filter((r) => selected.has(r.id)).map((r) => r.id);
  const allSelected = ordered.length > 0 && visibleSelected.length === ordered.length;

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const ids = ordered.map((r) => r.id);
    const next = moveItem(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    const merged = mergeOrder(next, savedOrder);
    queryClient.setQueryData(reportOrderKey, { report_ids: merged });
    toast.success(t.toasts.reordered);
    // the spec's reorder is local; we also keep it for this user so it survives a reload
    saveOrder.mutate(merged);
  }

  async function deleteSelected() {
    if (await actions.deleteMany(visibleSelected)) setSelected(new Set());
  }

  return (
    <section aria-labelledby="recent-reports-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="recent-reports-heading" className="text-lg font-semibold">
          {t.recentReports}
        </h2>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" onClick={() => setSelected(allSelected ? new Set() : new Set(ordered.map((r) => r.id)))}>
            {allSelected ? t.deselectAll : t.selectAll}
          </Button>
          <Button variant="danger" size="sm" onClick={() => void deleteSelected()} disabled={actions.deleting}>
            <Trash2 className="h-3.5 w-3.5" aria-hidden /> {t.deleteSelected(visibleSelected.length)}
          </Button>
        </div>
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ordered.map((r) => r.id)} strategy={rectSortingStrategy}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="recent-reports-grid">
            {ordered.map((report) => (
              <ReportCard
                key={report.id}
                report={report}
                selected={selected.has(report.id)}
                onSelect={(on) =>
                  setSelected((prev) => {
                    const next = new Set(prev);
                    if (on) next.add(report.id);
                    else next.delete(report.id);
                    return next;
                  })
                }
                onCycleStatus={() => actions.cycleStatus(report)}
                onEdit={() => void navigate(`${APP_BASE}/wizards?report=${report.id}`)}
                onExport={() => void navigate(`${APP_BASE}/exports?report=${report.id}`)}
                onDelete={() => void actions.deleteOne(report)}
                onReassess={() => startReassessment(report)}
                reassessing={reassessing.isPending && reassessing.variables.id === report.id}
                busy={actions.statusPending}
              />
            ))}
          </div>
        </SortableContext>
      </DndContext>
      {finalBlockedWanted && (
        <Suspense fallback={null}>
          <FinalBlockedDialog reportId={actions.finalBlocked?.id ?? null} onClose={actions.closeFinalBlocked} onOverride={actions.overrideFinal} />
        </Suspense>
      )}
    </section>
  );
});
