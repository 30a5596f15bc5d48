/** Our slides restyled for a firm's template: the theme's fonts and colours, and the template's slide size. */

/** Our slide size in EMU (LAYOUT_WIDE). */
export const OURS = { cx: 12192000, cy: 6858000 };

export interface DeckColours {
  /** hex without #, upper case */
  primary: string;
  mark: string;
}

export function themed(xml: string, colours: DeckColours): string {
  let out = xml.replace(/typeface="Calibri"/g, 'typeface="+mn-lt"');
  for (const [hex, scheme] of [
    [colours.primary, 'accent1'],
    [colours.mark, 'accent2'],
  ] as const) {
    if (!/^[0-9A-F]{6}$/.test(hex)) continue;
    out = out.replace(new RegExp(`<a:srgbClr val="${hex}"\\s*/>`, 'gi'), `<a:schemeClr val="${scheme}"/>`).replace(new RegExp(`<a:srgbClr val="${hex}">([\\s\\S]*?)</a:srgbClr>`, 'gi'), `<a:schemeClr val="${scheme}">$1</a:schemeClr>`);
  }
  return out;
}

export function scaled(xml: string, sx: number, sy: number): string {
  if (sx === 1 && sy === 1) return xml;
  const r = (v: string, f: number) => String(Math.round(Number(v) * f));
  return xml
    .replace(/<a:off x="(-?\d+)" y="(-?\d+)"/g, (_m, x: string, y: string) => `<a:off x="${r(x, sx)}" y="${r(y, sy)}"`)
    .replace(/<a:ext cx="(\d+)" cy="(\d+)"/g, (_m, x: string, y: string) => `<a:ext cx="${r(x, sx)}" cy="${r(y, sy)}"`)
    .replace(/<a:gridCol w="(\d+)"/g, (_m, w: string) => `<a:gridCol w="${r(w, sx)}"`)
    .replace(/<a:tr h="(\d+)"/g, (_m, h: string) => `<a:tr h="${r(h, sy)}"`);
}
