/** GET …/visuals/{visual_id}/render: a visual as it is drawn now, as SVG or PNG (the only module that bundles ECharts and resvg). */
import type { ReportInContext } from '../../lib/middleware/types';
import { brandOf } from './report-visuals';
import { renderVisualPng, renderVisualSvg } from './render-svg';
import { visualToRender } from './visuals';

export async function renderReportVisual(
  target: ReportInContext,
  id: string,
  query: { format: 'svg' | 'png'; width?: number; height?: number },
): Promise<{ contentType: string; data: string | Uint8Array }> {
  const { visual, data, source } = await visualToRender(target, id);
  const svg = renderVisualSvg(visual, data, { width: query.width, height: query.height, brand: brandOf(source) });
  if (query.format === 'png') return { contentType: 'image/png', data: renderVisualPng(svg) };
  return { contentType: 'image/svg+xml; charset=utf-8', data: svg };
}
