/**
 * The charts of one export, drawn by the visuals' server renderers (functions/domain/visuals): SVG (ECharts
 * SSR) for the PDF's vectors, PNG (resvg) for Word and for the deck's non-native charts, and native
 * PowerPoint charts for bar, line and pie. Each drawing is made once per export and reused by every format.
 */
import type { ChartBrand } from '@shared/domain/report/chart-option';
import { renderVisualPng, renderVisualSvg } from '../visuals/render-svg';
import { toPptxChart, type PptxChart } from '../visuals/to-pptx-chart';
import type { ExportFigure } from './blocks';
import type { ExportBrand } from './model';

/** Every chart is drawn at one 16:9 size; each format scales it. */
const CHART_SIZE = { width: 800, height: 450 } as const;
/** PNG width of a chart drawn as an image (Word at full text width, 6.27 in: about 190 dpi; the deck's non-native charts) */
export const CHART_PNG_PX = 1200;

export interface ChartRenderer {
  svg(figure: ExportFigure): string;
  png(figure: ExportFigure, widthPx: number): Uint8Array;
  pptx(figure: ExportFigure): PptxChart | null;
  /** any SVG (a logo) as PNG */
  svgToPng(svg: string, widthPx: number): Uint8Array;
}

/** The charts of one export in the brand's colours, or in `palette`'s (a firm template's theme colours) where given. */
export function chartRenderer(brand: Pick<ExportBrand, 'primary' | 'secondary'>, palette?: readonly string[]): ChartRenderer {
  const chartBrand: ChartBrand = { primaryColor: brand.primary, ...(brand.secondary ? { secondaryColor: brand.secondary } : {}), ...(palette?.length ? { palette } : {}) };
  const svgs = new Map<string, string>();
  const pngs = new Map<string, Uint8Array>();
  const svg = (f: ExportFigure) => {
    let out = svgs.get(f.visual.id);
    if (out === undefined) {
      out = renderVisualSvg(f.visual, f.data, { ...CHART_SIZE, brand: chartBrand });
      svgs.set(f.visual.id, out);
    }
    return out;
  };
  return {
    svg,
    png(f, widthPx) {
      const key = `${f.visual.id}@${widthPx}`;
      let out = pngs.get(key);
      if (!out) {
        out = renderVisualPng(svg(f), { width: widthPx });
        pngs.set(key, out);
      }
      return out;
    },
    pptx: (f) => toPptxChart(f.visual, f.data, chartBrand),
    svgToPng: (text, widthPx) => renderVisualPng(text, { width: widthPx }),
  };
}
