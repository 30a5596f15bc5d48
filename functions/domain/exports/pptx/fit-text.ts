/**
 * The one place a slide's text is measured and fitted (pure): the deck measures every text box before it places
 * it, so no slide overflows. Every size a text is set at, every split onto a continuation slide and every cut
 * with "…" is decided from what this module answers: how wide a text is, how many lines and how tall it is in a
 * box, whether it fits, the largest size at which it fits, and the longest start of it that fits.
 *
 * Widths are Calibri's own advance widths (read from Carlito, its metric-compatible twin,
 * with fontkit: `glyphForCodePoint(c).advanceWidth / unitsPerEm`), so a line breaks where PowerPoint and
 * LibreOffice break it; lines are Calibri's line height (ascent + descent + line gap = 1.22 em). Words wrap
 * greedily at spaces, as both programs wrap, and a word longer than the line breaks inside.
 *
 * A small allowance (WIDTH_SLACK) covers kerning and the renderers' rounding: the measure errs on the side of
 * a line too many, never one too few.
 */
import { flat } from '@shared/domain/report/sentences';

/** Advance widths in thousandths of an em for U+0020…U+007E, then for EXTRA_CHARS. */
const REGULAR = [
  226, 326, 401, 498, 507, 715, 682, 221, 303, 303, 498, 498, 250, 306, 252, 386, 507, 507, 507, 507, 507, 507, 507, 507, 507, 507, 268, 268, 498, 498, 498, 463, 894, 579, 544,
  533, 615, 488, 459, 631, 623, 252, 319, 520, 420, 855, 646, 662, 517, 673, 543, 459, 487, 642, 567, 890, 519, 487, 468, 307, 386, 307, 498, 498, 291, 479, 525, 423, 525, 498,
  305, 471, 525, 229, 239, 455, 229, 799, 525, 527, 525, 525, 349, 391, 335, 525, 452, 715, 433, 453, 395, 314, 460, 314, 498,
  // ’ ‘ “ ” – — … • ● · £ €
  250, 250, 418, 418, 498, 905, 690, 498, 604, 252, 507, 507,
];
const BOLD = [
  226, 326, 438, 498, 507, 729, 705, 233, 312, 312, 498, 498, 258, 306, 267, 430, 507, 507, 507, 507, 507, 507, 507, 507, 507, 507, 276, 276, 498, 498, 498, 463, 898, 606, 561,
  529, 630, 488, 459, 637, 631, 267, 331, 547, 423, 874, 659, 676, 532, 686, 563, 473, 495, 653, 591, 906, 551, 520, 478, 325, 430, 325, 498, 498, 300, 494, 537, 418, 537, 503,
  316, 474, 537, 246, 255, 480, 246, 813, 537, 538, 537, 537, 355, 399, 347, 537, 473, 745, 459, 474, 397, 344, 475, 344, 498,
  258, 258, 435, 435, 498, 905, 711, 498, 604, 268, 507, 507,
];
const EXTRA_CHARS = '’‘“”–—…•●·£€';

/** Calibri's line height: (ascent 1536 + descent 512 + line gap 452) / 2048. */
export const LINE_HEIGHT = 1.2207;
/** Widths are measured this much wider than the font says (kerning, hinting, the renderers' rounding). */
const WIDTH_SLACK = 1.06;
/** A superscript run is drawn at this share of the size. */
const SUPERSCRIPT_SCALE = 0.65;

const widthTable = (table: readonly number[]) => {
  const map = new Map<number, number>();
  for (let c = 32; c < 127; c++) map.set(c, table[c - 32]!);
  [...EXTRA_CHARS].forEach((ch, i) => map.set(ch.codePointAt(0)!, table[95 + i]!));
  return map;
};
const WIDTHS = { regular: widthTable(REGULAR), bold: widthTable(BOLD) };

/** Thousandths of an em of one character: wide scripts (CJK, emoji) a full em, other unknown letters a digit's width. */
function charWidth(code: number, bold: boolean): number {
  const known = (bold ? WIDTHS.bold : WIDTHS.regular).get(code);
  if (known !== undefined) return known;
  if (code >= 0x2e80 || (code >= 0x1100 && code <= 0x11ff)) return 1000;
  if (code < 32) return 0;
  return bold ? 620 : 600;
}

export interface RunStyle {
  bold?: boolean;
  italic?: boolean;
  superscript?: boolean;
}

/** Width in points of a text at a size (no wrapping). */
export function textWidth(text: string, size: number, style: RunStyle = {}): number {
  let units = 0;
  for (const ch of text) units += charWidth(ch.codePointAt(0)!, Boolean(style.bold));
  return (units / 1000) * size * (style.superscript ? SUPERSCRIPT_SCALE : 1) * WIDTH_SLACK;
}

export interface MeasureRun extends RunStyle {
  text: string;
}

export interface MeasurePara {
  runs: readonly MeasureRun[];
  /** left indent in points (a bullet's hanging indent included) */
  indent?: number;
  /** points before and after the paragraph */
  spaceBefore?: number;
  spaceAfter?: number;
  /** this paragraph's size as a share of the box's size (a heading line in a body box) */
  scale?: number;
}

interface Token {
  /** widths at a size of 1 point: the word, and the spaces after it */
  word: number;
  space: number;
}

/** A paragraph's words at a size of 1 point (cached: the deck measures the same text at several sizes). */
const tokenCache = new Map<string, Token[]>();
const TOKEN_CACHE_MAX = 20_000;

function tokensOf(runs: readonly MeasureRun[]): Token[] {
  const key = runs.map((r) => `${r.bold ? 'b' : ''}${r.superscript ? 's' : ''}\u0001${r.text}`).join('\u0002');
  const cached = tokenCache.get(key);
  if (cached) return cached;
  const tokens: Token[] = [];
  for (const run of runs) {
    for (const part of run.text.split(/(?<=\s)(?=\S)/)) {
      const word = part.replace(/\s+$/, '');
      const space = part.slice(word.length);
      const prev = tokens.at(-1);
      // a run that starts inside a word continues it (no space between the two runs)
      if (prev && prev.space === 0 && word && !/^\s/.test(part)) {
        prev.word += textWidth(word, 1, run);
        prev.space = textWidth(space, 1, run);
        continue;
      }
      tokens.push({ word: textWidth(word, 1, run), space: textWidth(space, 1, run) });
    }
  }
  if (tokenCache.size >= TOKEN_CACHE_MAX) tokenCache.clear();
  tokenCache.set(key, tokens);
  return tokens;
}

/** Lines a paragraph takes in `width` points at `size`. Empty paragraphs take one line. */
export function lineCount(para: MeasurePara, width: number, size: number): number {
  const s = size * (para.scale ?? 1);
  // measured at 1 point: the available width shrinks by the size instead of every word growing by it
  const avail = Math.max(1, width - (para.indent ?? 0)) / s;
  let lines = 1;
  let x = 0;
  for (const t of tokensOf(para.runs)) {
    if (t.word > avail) {
      // a word longer than a line breaks inside it
      if (x > 0) lines++;
      const full = Math.floor(t.word / avail);
      lines += full - (t.word % avail === 0 ? 1 : 0);
      x = t.word - full * avail + t.space;
      continue;
    }
    if (x > 0 && x + t.word > avail) {
      lines++;
      x = 0;
    }
    x += t.word + t.space;
  }
  return lines;
}

/** Height in points of paragraphs in `width` points at `size` (paragraph spacing included). */
export function textHeight(paras: readonly MeasurePara[], width: number, size: number): number {
  return paras.reduce((h, p, i) => {
    const lines = lineCount(p, width, size);
    // space before counts on the first paragraph too (renderers differ on it; the measure takes the larger)
    const before = p.spaceBefore ?? 0;
    const after = i === paras.length - 1 ? 0 : (p.spaceAfter ?? 0);
    return h + lines * size * (p.scale ?? 1) * LINE_HEIGHT + before + after;
  }, 0);
}

export interface Room {
  /** inches */
  w: number;
  h: number;
}

/** True when the paragraphs fit a box of `room` inches at `size`. */
export const fits = (paras: readonly MeasurePara[], room: Room, size: number): boolean => textHeight(paras, room.w * 72, size) <= room.h * 72 + 0.01;

/** The largest size from `max` down to `min` (steps of `step` points) at which the text fits, or null. */
export function fitSize(paras: readonly MeasurePara[], room: Room, max: number, min: number, step = 1): number | null {
  for (let size = max; size >= min - 1e-9; size -= step) if (fits(paras, room, size)) return Math.round(size * 10) / 10;
  return null;
}

/** One paragraph of one run. */
export const para = (text: string, style: RunStyle & Omit<MeasurePara, 'runs'> = {}): MeasurePara => {
  const { bold, italic, superscript, ...rest } = style;
  return { runs: [{ text, bold, italic, superscript }], ...rest };
};

/**
 * The longest start of `text` that fits `room` at `size` as one paragraph (styled as `style`), cut at a word
 * and ended with "…"; the text itself when it fits. Binary search over word boundaries.
 */
export function truncateToFit(text: string, room: Room, size: number, style: RunStyle & Omit<MeasurePara, 'runs'> = {}): string {
  const whole = text.replace(/\s+/g, ' ').trim();
  if (fits([para(whole, style)], room, size)) return whole;
  const cuts: number[] = [];
  for (const m of whole.matchAll(/\s/g)) cuts.push(m.index);
  if (!cuts.length) cuts.push(...Array.from({ length: whole.length - 1 }, (_, i) => i + 1));
  const cut = (i: number) => `${whole.slice(0, cuts[i]).replace(/[\s,;:.–—-]+$/, '')}…`;
  let lo = -1;
  let hi = cuts.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi + 1) / 2);
    if (mid >= 0 && fits([para(cut(mid), style)], room, size)) lo = mid;
    else hi = mid - 1;
  }
  return lo >= 0 ? cut(lo) : '…';
}

/**
 * A single text fitted to a box: the largest size in the range at which it fits; at the smallest, cut with
 * "…" (`cut` says so: the whole text belongs in the notes).
 */
export function fitOne(text: string, box: Room, range: { max: number; min: number }, style: RunStyle & Omit<MeasurePara, 'runs'> = {}, step = 1): { text: string; size: number; cut: boolean } {
  const whole = flat(text);
  const size = fitSize([para(whole, style)], box, range.max, range.min, step);
  if (size !== null) return { text: whole, size, cut: false };
  const shown = truncateToFit(whole, box, range.min, style);
  return { text: shown, size: range.min, cut: shown !== whole };
}
