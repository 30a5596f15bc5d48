/**
 * Visuals embedded in report markdown (`![caption](visual:<id>)`), drawn in the editor's preview from the
 * report's visuals and its current data, the same way the visuals page and the exports draw them. An id the
 * report has no visual for shows a clearly labelled box.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { bindChartData } from '@shared/domain/report/chart-data';
import { visualsTexts } from '@shared/messages/visuals';
import { useChartSource } from '../api/get-chart-source';
import { useVisuals } from '../api/list-visuals';
import { LazyVisualChart } from './lazy-chart';

function MissingVisual({ id, caption }: { id: string; caption: string }) {
  const label = `${visualsTexts.unknownVisual(id)}${caption ? ` (${caption})` : ''}`;
  return (
    <span role="img" aria-label={label} data-testid="visual-missing" className="my-3 block rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-6 text-center text-sm text-amber-900">
      {label}
    </span>
  );
}

export function EmbeddedVisual({ id, caption }: { id: string; caption: string }) {
  const [params] = useSearchParams();
  const reportId = params.get('report') ?? undefined;
  const list = useVisuals(reportId);
  const { source, brand } = useChartSource(reportId);
  const visual = list.data?.items.find((v) => v.id === id);
  const data = useMemo(() => (visual && source ? bindChartData(visual, source) : undefined), [visual, source]);
  if (list.isPending || (visual && !data)) {
    return (
      <span role="status" className="my-3 block rounded-lg bg-slate-50 p-6 text-center text-sm text-slate-600">
        {visualsTexts.drawing}
      </span>
    );
  }
  if (!visual || !data) return <MissingVisual id={id} caption={caption} />;
  return (
    <span className="my-3 block" data-testid="embedded-visual" data-visual={id}>
      <LazyVisualChart visual={{ ...visual, caption: caption || visual.caption }} data={data} brand={brand} height={320} showCaption />
    </span>
  );
}

/** The editor preview's `renderVisual`: one function for the page's life, so the preview keeps its memo. */
export const renderReportVisual = (id: string, caption: string) => <EmbeddedVisual key={id} id={id} caption={caption} />;
