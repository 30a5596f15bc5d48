/**
 * The fonts a PDF in a firm's look is set in: the template's own font where this system has it, else a
 * metric-compatible stand-in (the same widths, so lines break where the firm's Word file breaks them: Liberation
 * or Arimo/Tinos/Cousine for Arial, Times New Roman and Courier New, Carlito for Calibri, Caladea for Cambria),
 * else DejaVu (Serif for a serif family, Sans otherwise), which ships with the exports. The fonts are found by
 * file name in the system's font folders, read once per process; a deployed function has none of them, so its
 * PDF names DejaVu as the stand-in.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export type Face = 'regular' | 'bold' | 'italic' | 'boldItalic';

/** A family as it is set: the file of each face, and the family the files are (the template's or a stand-in). */
export interface FontChoice {
  /** the template's name for it */
  asked: string;
  /** the family the PDF is set in */
  used: string;
  /** whether `used` is a stand-in, and whether a metric-compatible one */
  standIn: 'none' | 'metric' | 'fallback';
  files: Record<Face, string>;
}

const FONT_DIRS = ['/usr/share/fonts', '/usr/local/share/fonts', '/Library/Fonts', '/System/Library/Fonts', 'C:\\Windows\\Fonts'];

/** Metric-compatible families, nearest first. */
const METRIC: Record<string, readonly string[]> = {
  arial: ['Liberation Sans', 'Arimo'],
  helvetica: ['Liberation Sans', 'Arimo'],
  'helvetica neue': ['Liberation Sans', 'Arimo'],
  'times new roman': ['Liberation Serif', 'Tinos'],
  times: ['Liberation Serif', 'Tinos'],
  'courier new': ['Liberation Mono', 'Cousine'],
  courier: ['Liberation Mono', 'Cousine'],
  calibri: ['Carlito'],
  cambria: ['Caladea'],
  'arial narrow': ['Liberation Sans Narrow'],
  'liberation sans': ['Arimo'],
  'liberation serif': ['Tinos'],
};

const SERIF = /serif|times|georgia|cambria|caladea|garamond|book|caslon|palatino|baskerville|minion|bodoni|didot|century|charter|constantia|tinos|roman|merriweather|playfair|source serif|noto serif|pt serif/i;
const SANS_HINT = /sans/i;

/** Whether a family reads as a serif face (for the DejaVu stand-in). */
export const isSerif = (family: string) => SERIF.test(family) && !SANS_HINT.test(family);

/** File-name endings of each face, as font packages name them. */
const FACE_SUFFIX: Record<Face, readonly string[]> = {
  regular: ['-Regular', '-Roman', '', 'Regular', '-Book', '-Medium'],
  bold: ['-Bold', 'Bold', '-Bd', 'bd'],
  italic: ['-Italic', '-Oblique', 'Italic', '-It', 'i'],
  boldItalic: ['-BoldItalic', '-BoldOblique', 'BoldItalic', '-BdIt', 'bi', 'z'],
};

let index: Map<string, string> | undefined;

/** Every font file under the system's font folders, by its base name in lower case (without extension). */
function fontIndex(dirs: readonly string[] = FONT_DIRS): Map<string, string> {
  if (index) return index;
  index = new Map();
  const walk = (dir: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (/\.(ttf|otf)$/i.test(name)) {
        const key = name.replace(/\.(ttf|otf)$/i, '').toLowerCase();
        if (!index!.has(key)) index!.set(key, path);
      } else if (depth < 5) {
        try {
          if (statSync(path).isDirectory()) walk(path, depth + 1);
        } catch {
          // unreadable: skipped
        }
      }
    }
  };
  for (const dir of dirs) if (existsSync(dir)) walk(dir, 0);
  return index;
}

/** The faces of a family found on this system, by file name ("Liberation Sans" → LiberationSans-Bold.ttf …). */
function systemFaces(family: string): Record<Face, string> | undefined {
  const files = fontIndex();
  const base = family.replace(/\s+/g, '').toLowerCase();
  const find = (face: Face) => {
    for (const suffix of FACE_SUFFIX[face]) {
      const hit = files.get(`${base}${suffix.toLowerCase()}`);
      if (hit) return hit;
    }
    return undefined;
  };
  const regular = find('regular');
  if (!regular) return undefined;
  const bold = find('bold') ?? regular;
  const italic = find('italic') ?? regular;
  return { regular, bold, italic, boldItalic: find('boldItalic') ?? bold };
}

/**
 * The font a template's family is set in: its own, a metric-compatible one, or DejaVu (`dejavu` gives the
 * bundled DejaVu files: Sans, Serif).
 */
export function chooseFont(family: string, dejavu: (serif: boolean) => Record<Face, string>): FontChoice {
  const own = systemFaces(family);
  if (own) return { asked: family, used: family, standIn: 'none', files: own };
  for (const alt of METRIC[family.toLowerCase()] ?? []) {
    const faces = systemFaces(alt);
    if (faces) return { asked: family, used: alt, standIn: 'metric', files: faces };
  }
  const serif = isSerif(family);
  return { asked: family, used: serif ? 'DejaVu Serif' : 'DejaVu Sans', standIn: 'fallback', files: dejavu(serif) };
}
