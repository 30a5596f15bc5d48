import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Download, FileText, GitCompare, GripVertical, Pencil, RefreshCcw, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { APP_BASE } from '@shared/constants';
import { dashboardTexts } from '@shared/messages/dashboard';
import { reassess } from '@shared/messages/reassess';
import type { Report } from '@shared/schemas/reports';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDate } from '../lib/format';
import { StatusButton } from '@/features/reports';

const t = dashboardTexts;

export interface ReportCardProps {
  report: Report;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onCycleStatus: () => void;
  onEdit: () => void;
  onExport: () => void;
  onDelete: () => void;
  /** Start a re-assessment of this report */
  onReassess: () => void;
  reassessing?: boolean;
  busy?: boolean;
}

/** A card of the Recent Reports grid: drag by its grip, select, cycle its status, edit, export, delete. */
export function ReportCard({ report, selected, onSelect, onCycleStatus, onEdit, onExport, onDelete, onReassess, reassessing, busy }: ReportCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: report.id });
  return (
    <article
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="report-card"
      data-report-id={report.id}
      aria-label={report.title}
      className={cn(
        'flex flex-col gap-3 rounded-xl border bg-white p-4 shadow-sm',
        selected ? 'border-sky-500 ring-1 ring-sky-500' : 'border-slate-200',
        isDragging && 'z-10 opacity-80 shadow-lg',
      )}
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t.dragHandle(report.title)}
          className="mt-0.5 cursor-grab touch-none rounded p-0.5 text-slate-400 hover:text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 active:cursor-grabbing"
        >
          <GripVertical className="h-4 w-4" aria-hidden />
        </button>
        <input
          type="checkbox"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={t.selectReport(report.title)}
          className="mt-1 h-4 w-4 rounded border-slate-300 accent-sky-600"
        />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-slate-900" title={report.title}>
            {report.title}
          </h3>
          <p className="truncate text-sm text-slate-500">
            {t.labels.owner}: {report.owner}
          </p>
        </div>
        <StatusButton status={report.status} onClick={onCycleStatus} disabled={busy} />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-xs text-slate-500">
        <div>
          <dt className="font-medium text-slate-600">{t.labels.created}</dt>
          <dd>{formatDate(report.created_at)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">{t.labels.updated}</dt>
          <dd>{formatDate(report.updated_at)}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" onClick={onReassess} disabled={reassessing} aria-label={`${reassess.start}: ${report.title}`}>
          <RefreshCcw className="h-3.5 w-3.5" aria-hidden /> {reassessing ? reassess.starting : reassess.start}
        </Button>
        {report.baseline_id ? (
          <Link
            to={`${APP_BASE}/reports/${report.id}/comparison`}
            className="inline-flex h-8 items-center gap-2 rounded-md px-2 text-sm font-medium text-sky-800 underline hover:bg-sky-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-slate-400"
            aria-label={`${reassess.openComparison}: ${report.title}`}
          >
            <GitCompare className="h-3.5 w-3.5" aria-hidden /> {reassess.openComparison}
          </Link>
        ) : null}
      </div>
      <div className="mt-auto flex items-center gap-2">
        <Button size="sm" variant="outline" onClick={onEdit}>
          <Pencil className="h-3.5 w-3.5" aria-hidden /> {t.buttons.edit}
        </Button>
        <Link
          to={`${APP_BASE}/editor?report=${report.id}`}
          className="inline-flex h-8 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-slate-400"
          aria-label={`${t.buttons.editor}: ${report.title}`}
        >
          <FileText className="h-3.5 w-3.5" aria-hidden /> {t.buttons.editor}
        </Link>
        <Button size="sm" variant="outline" onClick={onExport}>
          <Download className="h-3.5 w-3.5" aria-hidden /> {t.buttons.export}
        </Button>
        <Button size="sm" variant="ghost" className="ml-auto text-red-600 hover:bg-red-50" onClick={onDelete} aria-label={`${t.buttons.delete} ${report.title}`}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </article>
  );
}
