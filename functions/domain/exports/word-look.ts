/**
 * The look of a firm's Word template, read from its package (never guessed), for the PDF to follow: the page
 * size and margins of its last section (the one the report's body is written in), the fonts, sizes and colours
 * of its Normal, Title and Heading 1–4 styles (through `w:basedOn`, the document defaults and the theme's major
 * and minor fonts), and the text and first picture of that section's default header and footer (a `PAGE` field
 * in them marks where the page number goes).
 */
import { strFromU8, unzipSync } from 'fflate';
import { themeColours } from './pptx/template/inherit';

/** Word measures in twips (1/20 pt), font sizes in half points, pictures in EMU (12,700 per pt). */
const TWIP = 20;
const EMU = 12700;

export interface TextLook {
  /** the font family as the template names it */
  font: string;
  /** points */
  size: number;
  bold: boolean;
  italic: boolean;
  /** `#rrggbb`, or null where the template leaves it to the reader (auto) */
  color: string | null;
  /** upper case (`w:caps`) */
  caps: boolean;
}

export interface RunningText {
  /** the text of each paragraph, with `{PAGE}` where a page number field stands */
  lines: string[];
  /** horizontal alignment of the first paragraph */
  align: 'left' | 'center' | 'right';
  /** the first picture (a logo) with its drawn size in points */
  picture: { bytes: Uint8Array; kind: 'png' | 'jpeg'; width: number; height: number } | null;
}

export interface WordLook {
  /** points */
  page: { width: number; height: number };
  /** points: the text area's margins, and where the header and footer stand from the page's edge */
  margins: { top: number; bottom: number; left: number; right: number; header: number; footer: number };
  body: TextLook;
  title: TextLook;
  /** Heading 1–4 */
  headings: [TextLook, TextLook, TextLook, TextLook];
  header: RunningText | null;
  footer: RunningText | null;
  /** the theme's colours by name (`accent1`, `dk1`, …), hex without `#`; empty without a theme */
  themeColours: Record<string, string>;
}

const A4 = { w: 11906, h: 16838 };
const attr = (tag: string | undefined, name: string): string | undefined => (tag ? new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] : undefined);
const numAttr = (tag: string | undefined, name: string): number | undefined => {
  const v = attr(tag, name);
  return v === undefined || !/^-?\d+(\.\d+)?$/.test(v) ? undefined : Number(v);
};
const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

interface RunProps {
  font?: string;
  fontTheme?: 'major' | 'minor';
  size?: number;
  bold?: boolean;
  italic?: boolean;
  color?: string | null;
  caps?: boolean;
}

const onOff = (rPr: string, name: string): boolean | undefined => {
  const tag = new RegExp(`<w:${name}\\b[^>]*?/?>`).exec(rPr)?.[0];
  if (!tag) return undefined;
  const v = attr(tag, 'w:val');
  return v === undefined || !/^(false|0|off)$/i.test(v);
};

function runProps(rPr: string): RunProps {
  const out: RunProps = {};
  const fonts = /<w:rFonts\b[^>]*>/.exec(rPr)?.[0];
  const theme = attr(fonts, 'w:asciiTheme') ?? attr(fonts, 'w:hAnsiTheme');
  const font = attr(fonts, 'w:ascii') ?? attr(fonts, 'w:hAnsi');
  if (theme) out.fontTheme = theme.startsWith('major') ? 'major' : 'minor';
  else if (font) out.font = unescape(font);
  const sz = numAttr(/<w:sz\b[^>]*>/.exec(rPr)?.[0], 'w:val');
  if (sz !== undefined) out.size = sz / 2;
  const bold = onOff(rPr, 'b');
  if (bold !== undefined) out.bold = bold;
  const italic = onOff(rPr, 'i');
  if (italic !== undefined) out.italic = italic;
  const caps = onOff(rPr, 'caps');
  if (caps !== undefined) out.caps = caps;
  const color = attr(/<w:color\b[^>]*>/.exec(rPr)?.[0], 'w:val');
  if (color !== undefined) out.color = /^[0-9a-f]{6}$/i.test(color) ? `#${color.toLowerCase()}` : null;
  return out;
}

/** Paragraph styles by id: their base and run properties (pPr's rPr is a paragraph mark's, not the text's). */
function parseStyles(stylesXml: string) {
  const styles = new Map<string, { basedOn?: string; name: string; run: RunProps }>();
  for (const m of stylesXml.matchAll(/<w:style\b([^>]*?)(?:\/>|>([\s\S]*?)<\/w:style>)/g)) {
    if (!/w:type="paragraph"/.test(m[1]!)) continue;
    const id = attr(m[1], 'w:styleId');
    if (!id) continue;
    const inner = (m[2] ?? '').replace(/<w:pPr\b[\s\S]*?<\/w:pPr>/, '');
    styles.set(id, {
      basedOn: attr(/<w:basedOn\b[^>]*>/.exec(inner)?.[0], 'w:val'),
      name: (attr(/<w:name\b[^>]*>/.exec(inner)?.[0], 'w:val') ?? id).toLowerCase(),
      run: runProps(/<w:rPr\b[^>]*>([\s\S]*?)<\/w:rPr>/.exec(inner)?.[1] ?? ''),
    });
  }
  const defaults = runProps(/<w:rPrDefault\b[^>]*>[\s\S]*?<w:rPr\b[^>]*>([\s\S]*?)<\/w:rPr>/.exec(stylesXml)?.[1] ?? '');
  return { styles, defaults };
}

/** The theme's major (headings) and minor (body) Latin fonts. */
function themeFonts(themeXml: string): { major?: string; minor?: string } {
  const latin = (which: string) => attr(new RegExp(`<a:${which}Font\\b[^>]*>[\\s\\S]*?(<a:latin\\b[^>]*>)`).exec(themeXml)?.[1], 'typeface') || undefined;
  return { major: latin('major'), minor: latin('minor') };
}

function resolve(parsed: ReturnType<typeof parseStyles>, theme: { major?: string; minor?: string }, id: string | undefined): TextLook {
  const chain: RunProps[] = [];
  const seen = new Set<string>();
  for (let at = id; at !== undefined && !seen.has(at); at = parsed.styles.get(at)?.basedOn) {
    seen.add(at);
    const style = parsed.styles.get(at);
    if (!style) break;
    chain.push(style.run);
  }
  chain.push(parsed.defaults);
  const first = <K extends keyof RunProps>(key: K): RunProps[K] | undefined => chain.find((r) => r[key] !== undefined)?.[key];
  const fontAt = chain.find((r) => r.font !== undefined || r.fontTheme !== undefined);
  const font = fontAt?.font ?? (fontAt?.fontTheme ? theme[fontAt.fontTheme] : undefined) ?? theme.minor ?? 'Calibri';
  return { font, size: first('size') ?? 11, bold: first('bold') ?? false, italic: first('italic') ?? false, color: first('color') ?? null, caps: first('caps') ?? false };
}

/** The style id Word's name for it has (`title`, `heading 1`), falling back on the usual id. */
function styleIdNamed(styles: Map<string, { name: string }>, name: string, usual: string): string | undefined {
  if (styles.get(usual)?.name === name) return usual;
  for (const [id, s] of styles) if (s.name === name) return id;
  return styles.has(usual) ? usual : undefined;
}

function runningText(xml: string, rels: string, parts: Record<string, Uint8Array>, dir: string): RunningText {
  const lines: string[] = [];
  for (const p of xml.match(/<w:p\b[\s\S]*?<\/w:p>/g) ?? []) {
    let line = '';
    let inField = false;
    let fieldIsPage = false;
    for (const t of p.matchAll(/<w:t\b[^>]*>([^<]*)<\/w:t>|<w:tab\/>|<w:instrText\b[^>]*>([^<]*)<\/w:instrText>|<w:fldChar\b[^>]*w:fldCharType="(begin|separate|end)"[^>]*>|<w:fldSimple\b[^>]*w:instr="([^"]*)"[^>]*>/g)) {
      if (t[3] === 'begin') {
        inField = true;
        fieldIsPage = false;
      } else if (t[3] === 'separate') {
        if (fieldIsPage) line += '{PAGE}';
      } else if (t[3] === 'end') inField = false;
      else if (t[2] !== undefined) fieldIsPage ||= /^\s*PAGE\b/.test(t[2]);
      else if (t[4] !== undefined) line += /^\s*PAGE\b/.test(t[4]) ? '{PAGE}' : '';
      else if (t[0] === '<w:tab/>') line += '\t';
      else if (!(inField && fieldIsPage)) line += unescape(t[1] ?? '');
    }
    line = line.replace(/\s+$/, '');
    if (line.trim()) lines.push(line.replace(/^\s+/, ''));
  }
  const jc = attr(/<w:jc\b[^>]*>/.exec(xml)?.[0], 'w:val');
  const align = jc === 'center' ? 'center' : jc === 'right' || jc === 'end' ? 'right' : 'left';
  let picture: RunningText['picture'] = null;
  const blip = attr(/<a:blip\b[^>]*>/.exec(xml)?.[0], 'r:embed');
  const extent = /<wp:extent\b[^>]*>/.exec(xml)?.[0];
  if (blip && extent) {
    const target = attr(new RegExp(`<Relationship\\b[^>]*Id="${blip}"[^>]*>`).exec(rels)?.[0], 'Target');
    const path = target ? resolveTarget(dir, target) : undefined;
    const bytes = path ? parts[path] : undefined;
    const kind = bytes && bytes[0] === 0x89 && bytes[1] === 0x50 ? 'png' : bytes && bytes[0] === 0xff && bytes[1] === 0xd8 ? 'jpeg' : undefined;
    if (bytes && kind) picture = { bytes, kind, width: (numAttr(extent, 'cx') ?? 0) / EMU, height: (numAttr(extent, 'cy') ?? 0) / EMU };
  }
  return { lines, align, picture };
}

/** A relationship's target as a package path: relative to the part's folder, or from the package root. */
const resolveTarget = (dir: string, target: string) => normalise(target.startsWith('/') ? target : `${dir}/${target}`);

function normalise(path: string): string {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '..') out.pop();
    else if (seg && seg !== '.') out.push(seg);
  }
  return out.join('/');
}

/** The look of a Word template's package. */
export function wordLook(bytes: Uint8Array): WordLook {
  const parts = unzipSync(bytes, { filter: (f) => f.name.startsWith('word/') && !f.name.endsWith('/') });
  const text = (path: string) => (parts[path] ? strFromU8(parts[path]) : '');
  const documentXml = text('word/document.xml');
  const docRels = text('word/_rels/document.xml.rels');
  const sectPrs = documentXml.match(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/g) ?? [];
  const sect = sectPrs[sectPrs.length - 1] ?? '';
  const pgSz = /<w:pgSz\b[^>]*>/.exec(sect)?.[0];
  const pgMar = /<w:pgMar\b[^>]*>/.exec(sect)?.[0];
  let w = numAttr(pgSz, 'w:w') ?? A4.w;
  let h = numAttr(pgSz, 'w:h') ?? A4.h;
  if (attr(pgSz, 'w:orient') === 'landscape' && h > w) [w, h] = [h, w];
  const margin = (name: string, fallback: number) => Math.abs(numAttr(pgMar, `w:${name}`) ?? fallback) / TWIP;

  const themeTarget = attr(/<Relationship\b[^>]*\/theme"[^>]*>/.exec(docRels)?.[0], 'Target');
  const themeXml = themeTarget ? text(resolveTarget('word', themeTarget)) : '';
  const theme = themeFonts(themeXml);
  const parsed = parseStyles(text('word/styles.xml'));
  const id = (name: string, usual: string) => styleIdNamed(parsed.styles, name, usual);
  const body = resolve(parsed, theme, id('normal', 'Normal'));
  const headings = [1, 2, 3, 4].map((n) => resolve(parsed, theme, id(`heading ${n}`, `Heading${n}`))) as WordLook['headings'];
  const title = resolve(parsed, theme, id('title', 'Title'));

  const running = (kind: 'header' | 'footer'): RunningText | null => {
    const refs = [...sect.matchAll(new RegExp(`<w:${kind}Reference\\b[^>]*>`, 'g'))].map((m) => m[0]);
    const ref = refs.find((r) => attr(r, 'w:type') === 'default') ?? refs[0];
    const rId = attr(ref, 'r:id');
    const target = rId ? attr(new RegExp(`<Relationship\\b[^>]*Id="${rId}"[^>]*>`).exec(docRels)?.[0], 'Target') : undefined;
    if (!target) return null;
    const path = resolveTarget('word', target);
    const xml = text(path);
    if (!xml) return null;
    const rels = text(path.replace(/([^/]+)$/, '_rels/$1.rels'));
    const out = runningText(xml, rels, parts, path.replace(/\/[^/]+$/, ''));
    return out.lines.length || out.picture ? out : null;
  };

  return {
    page: { width: w / TWIP, height: h / TWIP },
    margins: { top: margin('top', 1440), bottom: margin('bottom', 1440), left: margin('left', 1440), right: margin('right', 1440), header: margin('header', 720), footer: margin('footer', 720) },
    body,
    title,
    headings,
    header: running('header'),
    footer: running('footer'),
    themeColours: themeColours(themeXml),
  };
}
