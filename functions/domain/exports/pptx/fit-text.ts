/**
 * The one place a slide's text is measured and fitted (pure): the deck measures every text box before it places
 * it, so no slide overflows. Every size a text is set at, every autofit scale written on a firm's placeholder,
 * every split onto a continuation slide and every cut with "…" is decided from what this module answers: how
 * wide a text is, how many lines and how tall it is in a box, whether it fits, the largest size or scale at which
 * it fits, and the longest start of it that fits.
 *
 * A measure is made for a font (`measureIn`, fonts.ts: each font's own advance widths and line height): the
 * built-in deck's is Calibri's (the functions exported here by name); a firm's deck measures each text in the
 * font its template gives it. Words wrap greedily at spaces, as PowerPoint and LibreOffice wrap, and a word
 * longer than the line breaks inside. A line is the font's line height at single spacing, and never less than
 * 1.2 em (PowerPoint's single spacing). A small allowance (WIDTH_SLACK) covers kerning and the renderers'
 * rounding: the measure errs on the side of a line too many, never one too few.
 *
 * On a firm's placeholder, text is set at the size the layout gives it and fitted as PowerPoint's autofit
 * fits it (`normAutofit`): the size scaled down in steps of 2.5%, the line spacing reduced by 10% below 90% and
 * by 20% below 80%, never below MIN_FONT_SCALE. A title (fitTitle) is first shortened to its first clause before
 * it is scaled, unless the layout autofits its titles itself.
 */
import { flat } from '@shared/domain/report/sentences';
import { CALIBRI, type FontMetrics } from './fonts';

/** Widths are measured this much wider than the font says (kerning, hinting, the renderers' rounding). */
const WIDTH_SLACK = 1.06;
/** A superscript run is drawn at this share of the size. */
const SUPERSCRIPT_SCALE = 0.65;
/** Single line spacing is never less than this many ems (PowerPoint's). */
const MIN_LINE = 1.2;
/** The smallest autofit scale of a firm's layout size; content that needs less is split over slides. */
export const MIN_FONT_SCALE = 0.6;

export interface RunStyle {
  bold?: boolean;
  italic?: boolean;
  superscript?: boolean;
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

export interface Room {
  /** inches */
  w: number;
  h: number;
}

/** PowerPoint's autofit of a text box: the sizes scaled, the line spacing reduced (both shares of 1). */
export interface Autofit {
  fontScale: number;
  lnSpcReduction: number;
}

const NO_AUTOFIT: Autofit = { fontScale: 1, lnSpcReduction: 0 };

/** The autofit steps PowerPoint takes, largest first, down to `floor`. */
export function autofitSteps(floor = MIN_FONT_SCALE): Autofit[] {
  const out: Autofit[] = [];
  for (let i = 0; ; i++) {
    const fontScale = Math.round((1 - i * 0.025) * 1000) / 1000;
    if (fontScale < floor - 1e-9) break;
    out.push({ fontScale, lnSpcReduction: fontScale >= 0.9 ? 0 : fontScale >= 0.8 ? 0.1 : 0.2 });
  }
  return out;
}

type ParaStyle = RunStyle & Omit<MeasurePara, 'runs'>;

/** One paragraph of one run. */
export const para = (text: string, style: ParaStyle = {}): MeasurePara => {
  const { bold, italic, superscript, ...rest } = style;
  return { runs: [{ text, bold, italic, superscript }], ...rest };
};

/** Everything a measure answers, for one font. */
export interface Measure {
  font: FontMetrics;
  /** a line's height at single spacing, in ems of the size */
  lineHeight: number;
  /** width in points of a text at a size (no wrapping) */
  textWidth(text: string, size: number, style?: RunStyle): number;
  /** lines a paragraph takes in `width` points at `size`; an empty paragraph takes one */
  lineCount(para: MeasurePara, width: number, size: number): number;
  /** height in points of paragraphs in `width` points at `size` (paragraph spacing included), under an autofit */
  textHeight(paras: readonly MeasurePara[], width: number, size: number, autofit?: Autofit): number;
  /** whether the paragraphs fit a box of `room` inches at `size`, under an autofit */
  fits(paras: readonly MeasurePara[], room: Room, size: number, autofit?: Autofit): boolean;
  /** the largest size from `max` down to `min` (steps of `step` points) at which the text fits, or null */
  fitSize(paras: readonly MeasurePara[], room: Room, max: number, min: number, step?: number): number | null;
  /** the largest autofit (autofitSteps) at which the paragraphs fit at `size`, or null */
  autofit(paras: readonly MeasurePara[], room: Room, size: number, floor?: number): Autofit | null;
  /** the longest start of `text` that fits as one paragraph, cut at a word and ended with "…" and `suffix` (the text when it fits) */
  truncateToFit(text: string, room: Room, size: number, style?: ParaStyle, autofit?: Autofit, suffix?: string): string;
  /** one text fitted to a box: the largest size in the range, else cut with "…" at the smallest (`cut` says so) */
  fitOne(text: string, box: Room, range: { max: number; min: number }, style?: ParaStyle, step?: number): { text: string; size: number; cut: boolean };
}

interface Token {
  /** widths at a size of 1 point: the word, and the spaces after it */
  word: number;
  space: number;
}

const TOKEN_CACHE_MAX = 20_000;
/** Line spacing as a share of single, per measure: a firm's placeholder may set its own. */
export interface MeasureOptions {
  lineSpacing?: number;
}

/** The measure of a font (cached: the deck measures the same text at several sizes). */
export function measureIn(font: FontMetrics, opts: MeasureOptions = {}): Measure {
  const lineHeight = Math.max(MIN_LINE, font.line) * (opts.lineSpacing ?? 1);
  const tokenCache = new Map<string, Token[]>();

  /** Thousandths of an em of one character: wide scripts (CJK, emoji) a full em, other unknown letters the font's unknown width. */
  const charWidth = (code: number, bold: boolean): number => {
    const known = (bold ? font.bold : font.regular).get(code);
    if (known !== undefined) return known;
    if (code >= 0x2e80 || (code >= 0x1100 && code <= 0x11ff)) return 1000;
    if (code < 32) return 0;
    return bold ? font.unknown.bold : font.unknown.regular;
  };

  const textWidth = (text: string, size: number, style: RunStyle = {}): number => {
    let units = 0;
    for (const ch of text) units += charWidth(ch.codePointAt(0)!, Boolean(style.bold));
    return (units / 1000) * size * (style.superscript ? SUPERSCRIPT_SCALE : 1) * WIDTH_SLACK;
  };

  const tokensOf = (runs: readonly MeasureRun[]): Token[] => {
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
  };

  const lineCount = (para: MeasurePara, width: number, size: number): number => {
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
  };

  const textHeight = (paras: readonly MeasurePara[], width: number, size: number, autofit: Autofit = NO_AUTOFIT): number => {
    const s = size * autofit.fontScale;
    const line = lineHeight * (1 - autofit.lnSpcReduction);
    return paras.reduce((h, p, i) => {
      const lines = lineCount(p, width, s);
      // space before counts on the first paragraph too (renderers differ on it; the measure takes the larger)
      const before = p.spaceBefore ?? 0;
      const after = i === paras.length - 1 ? 0 : (p.spaceAfter ?? 0);
      return h + lines * s * (p.scale ?? 1) * line + before + after;
    }, 0);
  };

  const fits = (paras: readonly MeasurePara[], room: Room, size: number, autofit: Autofit = NO_AUTOFIT): boolean => textHeight(paras, room.w * 72, size, autofit) <= room.h * 72 + 0.01;

  const fitSize = (paras: readonly MeasurePara[], room: Room, max: number, min: number, step = 1): number | null => {
    for (let size = max; size >= min - 1e-9; size -= step) if (fits(paras, room, size)) return Math.round(size * 10) / 10;
    return null;
  };

  const autofit = (paras: readonly MeasurePara[], room: Room, size: number, floor = MIN_FONT_SCALE): Autofit | null => autofitSteps(floor).find((a) => fits(paras, room, size, a)) ?? null;

  const truncateToFit = (text: string, room: Room, size: number, style: ParaStyle = {}, fit: Autofit = NO_AUTOFIT, suffix = ''): string => {
    const whole = text.replace(/\s+/g, ' ').trim();
    if (fits([para(`${whole}${suffix}`, style)], room, size, fit)) return `${whole}${suffix}`;
    const cuts: number[] = [];
    for (const m of whole.matchAll(/\s/g)) cuts.push(m.index);
    if (!cuts.length) cuts.push(...Array.from({ length: whole.length - 1 }, (_, i) => i + 1));
    const cut = (i: number) => `${whole.slice(0, cuts[i]).replace(/[\s,;:.–—-]+$/, '')}…${suffix}`;
    // binary search over word boundaries
    let lo = -1;
    let hi = cuts.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi + 1) / 2);
      if (mid >= 0 && fits([para(cut(mid), style)], room, size, fit)) lo = mid;
      else hi = mid - 1;
    }
    return lo >= 0 ? cut(lo) : `…${suffix}`;
  };

  const fitOne = (text: string, box: Room, range: { max: number; min: number }, style: ParaStyle = {}, step = 1): { text: string; size: number; cut: boolean } => {
    const whole = flat(text);
    const size = fitSize([para(whole, style)], box, range.max, range.min, step);
    if (size !== null) return { text: whole, size, cut: false };
    const shown = truncateToFit(whole, box, range.min, style);
    return { text: shown, size: range.min, cut: shown !== whole };
  };

  return { font, lineHeight, textWidth, lineCount, textHeight, fits, fitSize, autofit, truncateToFit, fitOne };
}

/** The built-in deck's measure: Calibri. */
export const BUILT_IN_MEASURE = measureIn(CALIBRI);
export const { textWidth, lineCount, textHeight, fits, fitSize, truncateToFit } = BUILT_IN_MEASURE;

/** Where an action title's first clause ends: a colon, semicolon or dash, else the word that opens a subordinate clause. */
const CLAUSE_END = /(?::\s|;\s|\s[–—]\s|,?\s(?:while|as|because|after|following|thanks to|since|whereas|which|with)\s)/gi;

/**
 * An action title's first clause, when it is shorter and says something by itself (at least four words):
 * "Revenue rose by 11.8% after the pricing review" → "Revenue rose by 11.8%". Null when there is none.
 */
export function firstClause(title: string): string | null {
  const t = flat(title);
  for (const m of t.matchAll(CLAUSE_END)) {
    const head = t.slice(0, m.index).replace(/[\s,;:–—-]+$/, '');
    if (head.split(/\s+/).length >= 4 && !/\b(?:by|of|to|in|on|at|for|from|and|or|the|a|an)$/i.test(head)) return head;
  }
  return null;
}

/** A firm placeholder's look for a title: its size, its measure, its inner box and whether the layout autofits. */
export interface TitleLook {
  /** points: the size the layout gives the title */
  size: number;
  measure: Measure;
  /** whether the layout's title is bold (the title is measured so) */
  bold: boolean;
  /** inches, inside the placeholder's insets */
  room: Room;
  /** the layout shrinks its title text itself (`normAutofit`) */
  autofits: boolean;
  /** a title takes at most this many lines before it is scaled */
  maxLines: number;
}

export interface FittedTitle {
  /** the title as shown */
  text: string;
  autofit: Autofit;
  /** shortened to its first clause, or cut with "…" (the whole title belongs in the notes) */
  shortened: boolean;
}

/** A firm's title takes at most this many lines at the layout's size before it is scaled. */
export const TITLE_MAX_LINES = 2;

/**
 * A title fitted to a firm's title placeholder at the layout's size, `lead` paragraphs (a kicker joined to the
 * title) measured with it and `suffix` (" (continued)") kept whatever is shortened; the title's own lines at most
 * `look.maxLines`. In order: the whole title as the layout sets it; the layout's own autofit (scaled, never below
 * MIN_FONT_SCALE); its first clause as the layout sets it; the whole title scaled; the first clause scaled; then,
 * rather than cut, the whole title and its first clause scaled on as many lines as the placeholder holds; at the
 * smallest scale, cut with "…".
 */
export function fitTitle(text: string, look: TitleLook, lead: readonly MeasurePara[] = [], suffix = ''): FittedTitle {
  const m = look.measure;
  const whole = flat(text);
  const clause = firstClause(whole);
  const style = { bold: look.bold };
  const ok = (t: string, a: Autofit, lines: number) => m.fits([...lead, para(t, style)], look.room, look.size, a) && m.lineCount(para(t, style), look.room.w * 72, look.size * a.fontScale) <= lines;
  const scaled = (t: string, lines: number) => autofitSteps().find((a) => ok(t, a, lines)) ?? null;
  // the two-line title first; then, rather than cut it, as many lines as the placeholder holds
  const tries: { text: string | null; scale: boolean; shortened: boolean; lines: number }[] = [
    { text: whole, scale: false, shortened: false, lines: look.maxLines },
    ...(look.autofits ? [{ text: whole, scale: true, shortened: false, lines: look.maxLines }] : []),
    { text: clause, scale: false, shortened: true, lines: look.maxLines },
    { text: whole, scale: true, shortened: false, lines: look.maxLines },
    { text: clause, scale: true, shortened: true, lines: look.maxLines },
    { text: whole, scale: true, shortened: false, lines: Number.POSITIVE_INFINITY },
    { text: clause, scale: true, shortened: true, lines: Number.POSITIVE_INFINITY },
  ];
  for (const t of tries) {
    if (t.text === null) continue;
    const shown = `${t.text}${suffix}`;
    const autofit = t.scale ? scaled(shown, t.lines) : ok(shown, NO_AUTOFIT, t.lines) ? NO_AUTOFIT : null;
    if (autofit) return { text: shown, autofit, shortened: t.shortened };
  }
  const floor = autofitSteps().at(-1)!;
  const room = { w: look.room.w, h: look.room.h - m.textHeight(lead, look.room.w * 72, look.size, floor) / 72 };
  return { text: m.truncateToFit(clause ?? whole, room, look.size, style, floor, suffix), autofit: floor, shortened: true };
}
