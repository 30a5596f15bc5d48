/**
 * Our slides restyled for a firm's template: the theme's fonts and colours, and the template's slide size.
 *
 * On a firm's template the deck is planned in the theme's own colours (firmBrand: accent 1 and 2 for the brand's,
 * the theme's dark and light for ink and paper), and every colour we draw is then written as a reference to the
 * theme (`themed`): a theme colour as itself (`accent1`, `tx1`, `bg1`, …); any other colour (a tint, a grey) as
 * the theme colour nearest in hue (greys: the theme's dark or light) lightened or darkened to it (`lumMod`,
 * `lumOff`, as PowerPoint writes "Lighter 80%"). So a deck on the template changes with its theme, and no colour
 * of ours is left in it.
 */
import { textColourOn, tint } from '@shared/domain/brand';
import type { ExportBrand } from '../../model';

/** The brand a deck is planned in on a firm's template: its theme's colours, no logo of ours. */
export function firmBrand(colours: Record<string, string>): ExportBrand {
  const c = (name: string, fallback: string) => `#${(colours[name] ?? fallback).toLowerCase()}`;
  const primary = c('accent1', '4472C4');
  const secondary = c('accent2', 'ED7D31');
  return { primary, secondary, onPrimary: textColourOn(primary), accent: secondary, wash: tint(primary, 0.9), ink: c('dk1', '000000'), logo: null };
}

/** The theme's accents, in order: the palette charts are drawn in on a firm's template. */
export const themePalette = (colours: Record<string, string>): string[] => ['accent1', 'accent2', 'accent3', 'accent4', 'accent5', 'accent6'].filter((n) => colours[n]).map((n) => `#${colours[n]!.toLowerCase()}`);

type Hsl = [number, number, number];

function chroma(hex: string): number {
  const n = parseInt(hex, 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return (Math.max(...c) - Math.min(...c)) / 255;
}

function hsl(hex: string): Hsl {
  const n = parseInt(hex, 16);
  const [r, g, b] = [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

/** A grey: little chroma (the spread of its red, green and blue, 0 to 1) or little saturation; slate inks and rules are. */
const isGrey = (hex: string) => chroma(hex) < 0.12 || hsl(hex)[1] < 0.26;
const SCHEME: Record<string, string> = { dk1: 'tx1', lt1: 'bg1', dk2: 'tx2', lt2: 'bg2' };

/** A colour as a theme colour reference (its inner XML: modifiers and anything the colour carried). */
function reference(hex: string, theme: Record<string, string>, inner: string): string {
  const h = hex.toUpperCase();
  const exact = Object.entries(theme).find(([name, v]) => v === h && !/hlink/i.test(name));
  if (exact) return `<a:schemeClr val="${SCHEME[exact[0]] ?? exact[0]}">${inner}</a:schemeClr>`;
  const [hue, , l] = hsl(h);
  const accents = Object.entries(theme).filter(([name, v]) => /^accent[1-6]$/.test(name) && !isGrey(v));
  const hueGap = (v: string) => Math.min(Math.abs(hsl(v)[0] - hue), 360 - Math.abs(hsl(v)[0] - hue));
  let base: [string, string];
  if (!isGrey(h) && accents.length) {
    const [name, v] = accents.reduce((a, b) => (hueGap(b[1]) < hueGap(a[1]) ? b : a));
    base = [name, v];
  } else {
    base = l < 0.5 ? ['tx1', theme.dk1 ?? '000000'] : ['bg1', theme.lt1 ?? 'FFFFFF'];
  }
  const lb = hsl(base[1])[2];
  const pct = (x: number) => Math.round(x * 100000);
  let mods = '';
  if (l > lb + 0.005) {
    const off = (l - lb) / (1 - lb);
    mods = `<a:lumMod val="${pct(1 - off)}"/><a:lumOff val="${pct(off)}"/>`;
  } else if (l < lb - 0.005) {
    mods = `<a:lumMod val="${pct(l / lb)}"/>`;
  }
  return `<a:schemeClr val="${base[0]}">${mods}${inner}</a:schemeClr>`;
}

/** A part of ours on a firm's template: the theme's body font for ours (`+mn-lt`), and every colour as a theme colour reference. */
export function themed(xml: string, theme: Record<string, string>): string {
  return xml
    .replace(/typeface="Calibri"/g, 'typeface="+mn-lt"')
    .replace(/<a:srgbClr val="([0-9A-Fa-f]{6})"\s*\/>/g, (_m, hex: string) => reference(hex, theme, ''))
    .replace(/<a:srgbClr val="([0-9A-Fa-f]{6})">([\s\S]*?)<\/a:srgbClr>/g, (_m, hex: string, inner: string) => reference(hex, theme, inner));
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
