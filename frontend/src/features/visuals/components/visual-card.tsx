/** A visual of the report: its chart, type, status (the spec's completed or draft), where it is used, and its actions. */
import { Copy, FileInput, Pencil, Trash2 } from 'lucide-react';
import { memo, useMemo } from 'react';
import { bindChartData, type ChartSource } from '@shared/domain/report/chart-data';
import type { ChartBrand } from '@shared/domain/report/chart-option';
import { visualsTexts } from '@shared/messages/visuals';
import type { VisualListItem } from '@shared/schemas/visuals';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LazyVisualChart } from './lazy-chart';

const t = visualsTexts;

export const VisualCard = memo(function VisualCard({
  visual,
  source,
  brand,
  onEdit,
  onDuplicate,
  onDelete,
  onInsert,
}: {
  visual: VisualListItem;
  source: ChartSource | undefined;
  brand: ChartBrand | undefined;
  onEdit: (v: VisualListItem) => void;
  onDuplicate: (v: VisualListItem) => void;
  onDelete: (v: VisualListItem) => void;
  onInsert: (v: VisualListItem) => void;
}) {
  const data = useMemo(() => (source ? bindChartData(visual, source) : undefined), [visual, source]);
  const headingId = `visual-${visual.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="visual-card" data-id={visual.id}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate font-semibold">
            {visual.title}
          </h3>
          <p className="text-xs text-slate-600">{t.types[visual.type]}</p>
        </div>
        <Badge tone={visual.status === 'completed' ? 'success' : 'warning'} data-testid="visual-status">
          {t.statuses[visual.status]}
        </Badge>
      </div>
      {data && <LazyVisualChart visual={visual} data={data} brand={brand} height={220} />}
      {visual.table_data && (visual.table_data.problem || visual.table_data.moves.length > 0) && (
        <p role="status" className="text-xs text-amber-800" data-testid="visual-range-note">
          {[visual.table_data.problem, ...visual.table_data.moves].filter(Boolean).join(' · ')}
        </p>
      )}
      <p className="text-xs text-slate-600" data-testid="visual-used-in">
        {t.usedIn(visual.used_in.map((p) => p.title))}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => onEdit(visual)} aria-label={`${t.edit} ${visual.title}`}>
          <Pencil className="h-4 w-4" aria-hidden /> {t.edit}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onDuplicate(visual)} aria-label={`${t.duplicate} ${visual.title}`}>
          <Copy className="h-4 w-4" aria-hidden /> {t.duplicate}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onInsert(visual)} aria-label={`${t.insert}: ${visual.title}`}>
          <FileInput className="h-4 w-4" aria-hidden /> {t.insert}
        </Button>
        <Button size="sm" variant="ghost" className="text-red-700" onClick={() => onDelete(visual)} aria-label={`${t.delete} ${visual.title}`}>
          <Trash2 className="h-4 w-4" aria-hidden /> {t.delete}
        </Button>
      </div>
    </article>
  );
});
