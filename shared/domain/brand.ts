/**
 * Brand colours: WCAG 2.x contrast (relative luminance, contrast ratio), and which text colour reads on a
 * brand colour. Used by step 10 (the warning) and by every exporter (text on the cover, table headings).
 */
export const WHITE = '#ffffff';
/** the dark ink used on light brand colours */
export const INK = '#0f172a';
/** WCAG AA for normal text */
const AA_NORMAL = 4.5;

const HEX = /^#([0-9a-f]{6})$/i;

/** `#RRGGBB` → [r, g, b] in 0..255; anything else is read as black. */
function hexToRgb(hex: string): [number, number, number] {
  const m = HEX.exec(hex.trim());
  if (!m) return [0, 0, 0];
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2.x relative luminance, 0 (black) to 1 (white). */
function relativeLuminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The ratio as people quote it: two decimals, rounded down (so 4.499 never reads as 4.5). */
export const formatRatio = (ratio: number): string => (Math.floor(ratio * 100) / 100).toFixed(2);

/** True when white text on `background` meets WCAG AA for normal text. */
export const whiteTextPasses = (background: string): boolean => contrastRatio(WHITE, background) >= AA_NORMAL;

/** The text colour for a brand background: white where it reads (AA), else dark ink, whichever contrasts more. */
export function textColourOn(background: string): string {
  if (whiteTextPasses(background)) return WHITE;
  return contrastRatio(INK, background) >= contrastRatio(WHITE, background) ? INK : WHITE;
}

/** A tint of a colour towards white (amount 0: the colour, 1: white), for table stripes and boxes. */
export function tint(hex: string, amount: number): string {
  const t = Math.min(1, Math.max(0, amount));
  const out = hexToRgb(hex).map((v) => Math.round(v + (255 - v) * t));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
