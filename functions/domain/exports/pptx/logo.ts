/** The brand's logo as a picture for a slide: scaled into a box, an SVG drawn as a PNG; none when it cannot be drawn. */
import type { PlanContext } from './deck-slide';

export function logoPng(ctx: Pick<PlanContext, 'model' | 'charts'>, maxW: number, maxH: number): { png: Uint8Array; mime: string; w: number; h: number } | null {
  const logo = ctx.model.brand.logo;
  if (!logo || logo.width <= 0 || logo.height <= 0) return null;
  const scale = Math.min(maxW / logo.width, maxH / logo.height);
  const w = logo.width * scale;
  const h = logo.height * scale;
  try {
    const png = logo.kind === 'svg' ? ctx.charts.svgToPng(new TextDecoder().decode(logo.bytes), Math.round(w * 200)) : logo.bytes;
    return { png, mime: logo.kind === 'jpg' ? 'image/jpeg' : 'image/png', w, h };
  } catch {
    return null; // a logo that cannot be drawn is left out
  }
}
