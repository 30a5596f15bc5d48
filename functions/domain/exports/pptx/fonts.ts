/**
 * The fonts a deck's text is measured in: each font's advance widths and line height, and which font a typeface
 * name is measured as.
 *
 * - Calibri, the built-in deck's font: its widths as read from Carlito, its metric-compatible twin, with fontkit
 *   (`glyphForCodePoint(c).advanceWidth / unitsPerEm`); line height 1.22 em (ascent 1536 + descent 512 + line gap
 *   452, over 2048).
 * - Helvetica, Times and DejaVu Sans (font-widths.ts, generated from the fonts by scripts/gen-font-metrics.ts):
 *   Arial, Liberation Sans and Arimo are measured as Helvetica, whose widths they share; Times New Roman,
 *   Liberation Serif and Tinos as Times.
 * - A firm's deck is opened where its fonts may be missing, and LibreOffice draws a missing font as DejaVu Sans:
 *   so a firm's text is measured in its own font and in DejaVu Sans, each character at the wider of the two
 *   (`firmFont`), and a font we hold no widths for as DejaVu Sans alone.
 */
import { FONT_EXTRA_CHARS, FONT_WIDTHS } from './font-widths';

export interface FontMetrics {
  /** what the widths are: the font's name, or two names joined for the wider of two fonts */
  name: string;
  /** thousandths of an em, by code point */
  regular: ReadonlyMap<number, number>;
  bold: ReadonlyMap<number, number>;
  /** a letter the table does not hold (thousandths of an em, regular and bold) */
  unknown: { regular: number; bold: number };
  /** single line spacing, in ems */
  line: number;
}

/** U+0020–U+007E, then `extra`, each with its width. */
function table(extra: string, widths: readonly number[]): Map<number, number> {
  const map = new Map<number, number>();
  for (let c = 32; c < 127; c++) map.set(c, widths[c - 32]!);
  [...extra].forEach((ch, i) => map.set(ch.codePointAt(0)!, widths[95 + i]!));
  return map;
}

const CALIBRI_REGULAR = [
  226, 326, 401, 498, 507, 715, 682, 221, 303, 303, 498, 498, 250, 306, 252, 386, 507, 507, 507, 507, 507, 507, 507, 507, 507, 507, 268, 268, 498, 498, 498, 463, 894, 579, 544,
  533, 615, 488, 459, 631, 623, 252, 319, 520, 420, 855, 646, 662, 517, 673, 543, 459, 487, 642, 567, 890, 519, 487, 468, 307, 386, 307, 498, 498, 291, 479, 525, 423, 525, 498,
  305, 471, 525, 229, 239, 455, 229, 799, 525, 527, 525, 525, 349, 391, 335, 525, 452, 715, 433, 453, 395, 314, 460, 314, 498,
  // ’ ‘ “ ” – — … • ● · £ € (CALIBRI_EXTRA)
  250, 250, 418, 418, 498, 905, 690, 498, 604, 252, 507, 507,
];
const CALIBRI_BOLD = [
  226, 326, 438, 498, 507, 729, 705, 233, 312, 312, 498, 498, 258, 306, 267, 430, 507, 507, 507, 507, 507, 507, 507, 507, 507, 507, 276, 276, 498, 498, 498, 463, 898, 606, 561,
  529, 630, 488, 459, 637, 631, 267, 331, 547, 423, 874, 659, 676, 532, 686, 563, 473, 495, 653, 591, 906, 551, 520, 478, 325, 430, 325, 498, 498, 300, 494, 537, 418, 537, 503,
  316, 474, 537, 246, 255, 480, 246, 813, 537, 538, 537, 537, 355, 399, 347, 537, 473, 745, 459, 474, 397, 344, 475, 344, 498,
  258, 258, 435, 435, 498, 905, 711, 498, 604, 268, 507, 507,
];

const CALIBRI_EXTRA = '’‘“”–—…•●·£€';

export const CALIBRI: FontMetrics = {
  name: 'Calibri',
  regular: table(CALIBRI_EXTRA, CALIBRI_REGULAR),
  bold: table(CALIBRI_EXTRA, CALIBRI_BOLD),
  unknown: { regular: 600, bold: 620 },
  line: 1.2207,
};

function generated(name: string, key: keyof typeof FONT_WIDTHS): FontMetrics {
  const w = FONT_WIDTHS[key];
  const regular = table(FONT_EXTRA_CHARS, w.regular);
  const bold = table(FONT_EXTRA_CHARS, w.bold);
  // an unknown letter is measured a fifth wider than a digit, as Calibri's is
  return { name, regular, bold, unknown: { regular: Math.round(regular.get(48)! * 1.2), bold: Math.round(bold.get(48)! * 1.2) }, line: w.line };
}

const HELVETICA = generated('Helvetica', 'helvetica');
const TIMES = generated('Times', 'times');
export const DEJAVU_SANS = generated('DejaVu Sans', 'dejavu');

/** Typeface names (lower case) and the metrics they are measured with. */
const FAMILIES: ReadonlyMap<string, FontMetrics> = new Map([
  ['calibri', CALIBRI],
  ['carlito', CALIBRI],
  ['arial', HELVETICA],
  ['helvetica', HELVETICA],
  ['liberation sans', HELVETICA],
  ['arimo', HELVETICA],
  ['times new roman', TIMES],
  ['times', TIMES],
  ['liberation serif', TIMES],
  ['tinos', TIMES],
  ['dejavu sans', DEJAVU_SANS],
]);

/** Each character at the wider of two fonts; the taller line. */
function wider(a: FontMetrics, b: FontMetrics): FontMetrics {
  if (a === b) return a;
  const merge = (x: ReadonlyMap<number, number>, y: ReadonlyMap<number, number>, ux: number, uy: number) => {
    const out = new Map<number, number>();
    for (const code of new Set([...x.keys(), ...y.keys()])) out.set(code, Math.max(x.get(code) ?? ux, y.get(code) ?? uy));
    return out;
  };
  return {
    name: `${a.name} | ${b.name}`,
    regular: merge(a.regular, b.regular, a.unknown.regular, b.unknown.regular),
    bold: merge(a.bold, b.bold, a.unknown.bold, b.unknown.bold),
    unknown: { regular: Math.max(a.unknown.regular, b.unknown.regular), bold: Math.max(a.unknown.bold, b.unknown.bold) },
    line: Math.max(a.line, b.line),
  };
}

const firmFonts = new Map<string, FontMetrics>();

/** What a firm's typeface is measured as: its own widths or DejaVu Sans', whichever is wider, character by character. */
export function firmFont(typeface: string): FontMetrics {
  const key = typeface.trim().toLowerCase();
  let out = firmFonts.get(key);
  if (!out) {
    out = wider(FAMILIES.get(key) ?? DEJAVU_SANS, DEJAVU_SANS);
    firmFonts.set(key, out);
  }
  return out;
}
