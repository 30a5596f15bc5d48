/**
 * Logo images, told apart by their bytes (magic numbers), never by name: PNG, JPEG or SVG, with their pixel
 * size read from the headers (PNG IHDR, JPEG SOFn) or, for SVG, from the root element's width, height and
 * viewBox. Pure; no decoding of pixels.
 */
import type { LogoKind } from '@shared/schemas/exports';

export interface ImageInfo {
  kind: LogoKind;
  width: number;
  height: number;
}

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u16 = (b: Uint8Array, at: number) => (b[at]! << 8) + b[at + 1]!;

function isPng(bytes: Uint8Array): boolean {
  return startsWith(bytes, PNG_SIG);
}

function isJpeg(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0xff, 0xd8, 0xff]);
}

/** PNG: the IHDR chunk, which must come first. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (!isPng(bytes) || bytes.length < 24) return null;
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** JPEG: walks the markers to the first start-of-frame (SOF0–SOF15 except DHT, JPG and DAC). */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (!isJpeg(bytes)) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = u16(bytes, at + 2);
    if (length < 2) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = u16(bytes, at + 5);
      const width = u16(bytes, at + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    at += 2 + length;
  }
  return null;
}

/** Text that may be an SVG document: an optional BOM, XML declaration, comments and doctype, then `<svg`. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[^\]]*\])?\s*>)\s*)*/i, '');
  return /^<svg[\s>]/i.test(rest);
}

/** A length attribute in user units (px, pt, mm, cm, in; a bare number is px); percentages are unknown. */
function length(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = /^\s*([0-9]*\.?[0-9]+)\s*(px|pt|mm|cm|in)?\s*$/i.exec(value);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'px').toLowerCase();
  const factor = { px: 1, pt: 4 / 3, mm: 96 / 25.4, cm: 96 / 2.54, in: 96 }[unit as 'px'] ?? 1;
  return n * factor;
}

/** The drawing size of an SVG from its root element (width/height, else the viewBox; 300 × 150 as browsers default). */
export function svgSize(attrs: { width?: string | null; height?: string | null; viewBox?: string | null }): { width: number; height: number } {
  const box = (attrs.viewBox ?? '').trim().split(/[\s,]+/).map(Number);
  const vb = box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0 ? { width: box[2]!, height: box[3]! } : null;
  let width = length(attrs.width);
  let height = length(attrs.height);
  if (width && !height) height = vb ? (width * vb.height) / vb.width : null;
  if (height && !width) width = vb ? (height * vb.width) / vb.height : null;
  if (width && height) return { width, height };
  return vb ?? { width: 300, height: 150 };
}

/** The root `<svg …>` tag's sizing attributes of an SVG we stored (already sanitized and serialised by us). */
export function storedSvgSize(svg: string): { width: number; height: number } {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1] ?? new RegExp(`\\s${name}\\s*=\\s*'([^']*)'`, 'i').exec(tag)?.[1] ?? null;
  return svgSize({ width: attr('width'), height: attr('height'), viewBox: attr('viewBox') });
}

/** A stored logo's kind and size, or null when the bytes are none of the three. */
export function inspectStoredLogo(bytes: Uint8Array): ImageInfo | null {
  const png = pngSize(bytes);
  if (png) return { kind: 'png', ...png };
  const jpeg = jpegSize(bytes);
  if (jpeg) return { kind: 'jpg', ...jpeg };
  if (looksLikeSvg(bytes)) return { kind: 'svg', ...storedSvgSize(new TextDecoder().decode(bytes)) };
  return null;
}
