/** The chart, loaded on first use (ECharts is its own chunk), with a labelled placeholder meanwhile. */
import { lazy, Suspense } from 'react';
import { visualsTexts } from '@shared/messages/visuals';
import type { VisualChartProps } from './visual-chart';

const Chart = lazy(async () => ({ default: (await import('./visual-chart')).VisualChart }));

export function LazyVisualChart(props: VisualChartProps) {
  return (
    <Suspense
      fallback={
        <div role="status" className="flex w-full items-center justify-center rounded-md bg-slate-50 text-sm text-slate-600" style={{ height: props.height ?? 360 }}>
          {visualsTexts.drawing}
        </div>
      }
    >
      <Chart {...props} />
    </Suspense>
  );
}
