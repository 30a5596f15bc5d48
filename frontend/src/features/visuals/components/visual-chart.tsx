/**
 * A visual drawn in the browser: the shared ECharts option (the server draws the same one) with the SVG
 * renderer, plus its text alternative: the title and the drawn data as a table for screen readers. This
 * module carries ECharts: it is only loaded lazily (see ./lazy-chart).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ChartData } from '@shared/domain/report/chart-data';
import { chartOption, chartTypeName, type ChartBrand } from '@shared/domain/report/chart-option';
import { visualsTexts } from '@shared/messages/visuals';
import type { Visual } from '@shared/schemas/visuals';
import { init } from '../lib/echarts';

const t = visualsTexts;

export interface VisualChartProps {
  visual: Pick<Visual, 'type' | 'title' | 'caption' | 'options'>;
  data: ChartData;
  brand?: ChartBrand;
  height?: number;
  /** show the caption under the chart */
  showCaption?: boolean;
}

export function VisualChart({ visual, data, brand, height = 360, showCaption = false }: VisualChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);
  const latest = useRef({ visual, data, brand, height });
  useLayoutEffect(() => {
    latest.current = { visual, data, brand, height };
  });

  const draw = () => {
    const el = box.current;
    const c = chart.current;
    if (!el || !c) return;
    const { visual: v, data: d, brand: b, height: h } = latest.current;
    const width = el.clientWidth || 600;
    c.resize({ width, height: h });
    c.setOption(chartOption(v, d, b, { width, height: h }), { notMerge: true });
  };

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    chart.current = init(el, null, { renderer: 'svg', width: el.clientWidth || 600, height: latest.current.height });
    draw();
    const observer = new ResizeObserver(() => draw());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(draw, [visual, data, brand, height]);

  return (
    <figure className="m-0 w-full" data-testid="visual-chart" data-type={visual.type}>
      {/* ECharts writes its own aria-label on the element it draws in: the accessible name sits one level up */}
      <div role="img" aria-label={t.chartLabel(chartTypeName(visual.type), visual.title)} className="w-full">
        <div ref={box} style={{ height }} className="w-full overflow-hidden" />
      </div>
      <table className="sr-only" data-testid="visual-data-table">
        <caption>{t.dataTable(visual.title)}</caption>
        {data.message !== null ? (
          <tbody>
            <tr>
              <td>{data.message}</td>
            </tr>
          </tbody>
        ) : (
          <>
            <thead>
              <tr>
                {data.columns.map((c, i) => (
                  <th key={i} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) =>
                    c === 0 ? (
                      <th key={c} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={c}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </>
        )}
      </table>
      {showCaption && visual.caption && <figcaption className="mt-1 text-center text-sm text-slate-600">{visual.caption}</figcaption>}
    </figure>
  );
}
