/**
 * The geometry of a deck as a renderer lays it out, read from the package alone, for the tests and the
 * measurements of decks built on firm templates. For every slide, every shape's box (its own, else its
 * layout's placeholder's, else its master's) and every text's height when wrapped in it, at the size and in
 * the font it inherits: run → paragraph → the shape's list style → the layout's placeholder → the master's
 * placeholder → the master's text styles → the presentation's default text style, the theme naming the fonts
 * (`+mj-lt`, `+mn-lt`). A placeholder's look written on its first paragraph's runs (as LibreOffice writes a
 * master) counts beneath its list style. `normAutofit` scales the sizes and line spacing as it says; a shape
 * that grows to its text (`spAutoFit`) grows; a table's rows grow to their cells.
 *
 * Widths are each font's own, read from font files with pdfkit (fontkit for TrueType, the Adobe metrics of the
 * standard fonts): Arial, Helvetica, Liberation Sans and Arimo as Helvetica; Times New Roman, Liberation Serif,
 * Tinos as Times; DejaVu Sans from its file; Calibri as the exports measure it (Carlito's widths; there is no
 * Carlito file here). A font with none of these metrics is measured as DejaVu Sans, the font LibreOffice draws
 * it with where it is missing. `fonts: 'fallback'` measures every text as DejaVu Sans: the deck as LibreOffice
 * draws it on a machine with no other fonts (this one).
 *
 * What it finds on a slide: text that does not fit its box (`overflow`), a shape or its text outside the slide
 * (`off-slide`), and two texts, or a text and a picture, chart or table, drawn over each other (`overlap`).
 */
import { createRequire } from 'node:module';
import { strFromU8, unzipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import { CALIBRI } from '../../functions/domain/exports/pptx/fonts';
import { parseXml, type XmlElement } from './xml';

const EMU_PT = 12700;
/** how far a text may pass its box, or a shape the slide, before it counts (points) */
const TOLERANCE_PT = 1;
/** a line's height as a share of the size, at single spacing: the font's own where it is taller */
const MIN_LINE = 1.2;

export type FontMode = 'named' | 'fallback';

export interface Finding {
  slide: number;
  kind: 'overflow' | 'off-slide' | 'overlap';
  what: string;
}

export interface DeckGeometry {
  slides: number;
  size: { cx: number; cy: number };
  findings: Finding[];
  /** the smallest `normAutofit` font scale on any slide (1 when none shrinks) */
  minFontScale: number;
  /** every text shape, by slide: what it says, its box and its text's drawn extent (EMU) */
  texts: { slide: number; name: string; text: string; box: Box; extent: Box; placeholder: string | null }[];
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

// ── fonts ────────────────────────────────────────────────────────────────────────────────────────────

const require = createRequire(import.meta.url);
const DEJAVU = { regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf') };
const measurer = new PDFDocument({ autoFirstPage: false });

type Face = { kind: 'pdf'; regular: string; bold: string; line: number } | { kind: 'calibri'; line: number };
const FACES: Record<string, Face> = {
  helvetica: { kind: 'pdf', regular: 'Helvetica', bold: 'Helvetica-Bold', line: 1.149 },
  times: { kind: 'pdf', regular: 'Times-Roman', bold: 'Times-Bold', line: 1.149 },
  dejavu: { kind: 'pdf', regular: DEJAVU.regular, bold: DEJAVU.bold, line: 1.164 },
  calibri: { kind: 'calibri', line: 1.2207 },
};
const FAMILY: Record<string, keyof typeof FACES> = {
  arial: 'helvetica',
  helvetica: 'helvetica',
  'liberation sans': 'helvetica',
  arimo: 'helvetica',
  'times new roman': 'times',
  times: 'times',
  'liberation serif': 'times',
  tinos: 'times',
  'dejavu sans': 'dejavu',
  calibri: 'calibri',
  carlito: 'calibri',
};

function faceOf(typeface: string, mode: FontMode): Face {
  if (mode === 'fallback') return FACES.dejavu!;
  return FACES[FAMILY[typeface.trim().toLowerCase()] ?? 'dejavu']!;
}

const widthCache = new Map<string, number>();
/** Width in points of a text at 1 point. */
function widthOf(text: string, face: Face, bold: boolean): number {
  if (face.kind === 'calibri') {
    const table = bold ? CALIBRI.bold : CALIBRI.regular;
    let units = 0;
    for (const ch of text) units += table.get(ch.codePointAt(0)!) ?? (bold ? CALIBRI.unknown.bold : CALIBRI.unknown.regular);
    return units / 1000;
  }
  const font = bold ? face.bold : face.regular;
  const key = `${font}\u0001${text}`;
  let w = widthCache.get(key);
  if (w === undefined) {
    measurer.font(font).fontSize(1000);
    w = measurer.widthOfString(text) / 1000;
    widthCache.set(key, w);
  }
  return w;
}

// ── XML ──────────────────────────────────────────────────────────────────────────────────────────────

type El = XmlElement & { childNodes: ArrayLike<El & { nodeType: number }>; parentNode: El | null };

const kids = (el: El | null | undefined, name?: string): El[] => {
  if (!el) return [];
  const out: El[] = [];
  for (let i = 0; i < el.childNodes.length; i++) {
    const c = el.childNodes[i]!;
    if (c.nodeType === 1 && (!name || c.nodeName === name)) out.push(c);
  }
  return out;
};
const kid = (el: El | null | undefined, name: string): El | undefined => kids(el, name)[0];
const path = (el: El | null | undefined, ...names: string[]): El | undefined => names.reduce<El | undefined>((e, n) => kid(e, n), el ?? undefined);
const num = (el: El | undefined, name: string): number | undefined => {
  const v = el?.getAttribute(name);
  return v === null || v === undefined || v === '' ? undefined : Number(v);
};

function xmlOf(parts: Record<string, Uint8Array>, p: string): El {
  const data = parts[p];
  if (!data) throw new Error(`no part ${p}`);
  const { doc, errors } = parseXml(strFromU8(data), 'text/xml');
  if (errors.length) throw new Error(`${p}: ${errors.join('; ')}`);
  return doc.documentElement as El;
}

function relsOf(parts: Record<string, Uint8Array>, part: string): { type: string; target: string; id: string }[] {
  const dir = part.slice(0, part.lastIndexOf('/'));
  const rels = `${dir}/_rels/${part.slice(part.lastIndexOf('/') + 1)}.rels`;
  if (!parts[rels]) return [];
  return Array.from(xmlOf(parts, rels).getElementsByTagName('Relationship')).map((r) => {
    const target = r.getAttribute('Target')!;
    const resolved = target.startsWith('/') ? target.slice(1) : resolveRel(dir, target);
    return { type: r.getAttribute('Type')!.split('/').at(-1)!, target: resolved, id: r.getAttribute('Id')! };
  });
}
function resolveRel(dir: string, target: string): string {
  const out = dir.split('/');
  for (const seg of target.split('/')) {
    if (seg === '..') out.pop();
    else if (seg !== '.') out.push(seg);
  }
  return out.join('/');
}

// ── text styles ──────────────────────────────────────────────────────────────────────────────────────

/** What a paragraph's text takes from the levels it inherits (lowest first, each overriding the one before). */
interface Style {
  sz: number;
  bold: boolean;
  typeface: string;
  marL: number;
  indent: number;
  /** line spacing: a share of single (pct) or points (pts) */
  lnSpc: { pct?: number; pts?: number };
  spcBef: { pct?: number; pts?: number };
  spcAft: { pct?: number; pts?: number };
  bullet: boolean;
}

const spacing = (el: El | undefined): { pct?: number; pts?: number } | undefined => {
  if (!el) return undefined;
  const pct = num(kid(el, 'a:spcPct'), 'val');
  const pts = num(kid(el, 'a:spcPts'), 'val');
  if (pct !== undefined) return { pct: pct / 100000 };
  if (pts !== undefined) return { pts: pts / 100 };
  return undefined;
};

/** A paragraph's properties (`a:pPr` or `a:lvlNpPr`) and run properties (`a:rPr`, `a:defRPr`, `a:endParaRPr`) laid over a style. */
function over(style: Style, pPr: El | undefined, rPr: El | undefined): Style {
  const out = { ...style };
  if (pPr) {
    out.marL = num(pPr, 'marL') ?? out.marL;
    out.indent = num(pPr, 'indent') ?? out.indent;
    out.lnSpc = spacing(kid(pPr, 'a:lnSpc')) ?? out.lnSpc;
    out.spcBef = spacing(kid(pPr, 'a:spcBef')) ?? out.spcBef;
    out.spcAft = spacing(kid(pPr, 'a:spcAft')) ?? out.spcAft;
    if (kid(pPr, 'a:buNone')) out.bullet = false;
    else if (kid(pPr, 'a:buChar') || kid(pPr, 'a:buAutoNum') || kid(pPr, 'a:buBlip')) out.bullet = true;
    rPr ??= kid(pPr, 'a:defRPr');
  }
  if (rPr) {
    const sz = num(rPr, 'sz');
    if (sz !== undefined) out.sz = sz / 100;
    const b = rPr.getAttribute('b');
    if (b) out.bold = b === '1' || b === 'true';
    const latin = kid(rPr, 'a:latin')?.getAttribute('typeface');
    if (latin) out.typeface = latin;
  }
  return out;
}

/** A list style's level (`a:lstStyle`, `p:titleStyle`, …, `a:lvl1pPr`…). */
const level = (list: El | undefined, lvl: number) => kid(list, `a:lvl${lvl + 1}pPr`);

/** A placeholder's own paragraph for a level (LibreOffice writes a master's levels as paragraphs). */
function ownParagraph(sp: El | undefined, lvl: number): { pPr: El | undefined; rPr: El | undefined } | undefined {
  const paras = kids(path(sp, 'p:txBody'), 'a:p');
  const p = paras.find((x) => (num(kid(x, 'a:pPr'), 'lvl') ?? 0) === lvl) ?? (lvl === 0 ? paras[0] : undefined);
  if (!p) return undefined;
  const rPr = kid(kid(p, 'a:r'), 'a:rPr') ?? kid(p, 'a:endParaRPr');
  return { pPr: kid(p, 'a:pPr'), rPr };
}

interface Placeholder {
  type: string;
  idx: string | null;
}

function placeholderOf(sp: El): Placeholder | null {
  const ph = path(sp, 'p:nvSpPr', 'p:nvPr', 'p:ph') ?? path(sp, 'p:nvPicPr', 'p:nvPr', 'p:ph') ?? path(sp, 'p:nvGraphicFramePr', 'p:nvPr', 'p:ph');
  if (!ph) return null;
  return { type: ph.getAttribute('type') || 'obj', idx: ph.getAttribute('idx') || null };
}

const TITLES = new Set(['title', 'ctrTitle']);
const BODIES = new Set(['body', 'obj', 'subTitle']);
const sameKind = (a: string, b: string) => a === b || (TITLES.has(a) && TITLES.has(b)) || (BODIES.has(a) && BODIES.has(b));

/** The placeholder of a layout or master a slide's placeholder inherits from: by idx, else by kind. */
function matchIn(tree: El | undefined, ph: Placeholder, byIdx: boolean): El | undefined {
  const shapes = kids(tree).filter((k) => k.nodeName === 'p:sp' || k.nodeName === 'p:pic' || k.nodeName === 'p:graphicFrame');
  const withPh = shapes.map((s) => ({ s, p: placeholderOf(s) })).filter((x): x is { s: El; p: Placeholder } => x.p !== null);
  if (byIdx && ph.idx !== null) {
    const hit = withPh.find((x) => x.p.idx === ph.idx);
    if (hit) return hit.s;
  }
  return withPh.find((x) => sameKind(x.p.type, ph.type))?.s;
}

const xfrmOf = (sp: El | undefined): Box | undefined => {
  const x = path(sp, 'p:spPr', 'a:xfrm') ?? path(sp, 'p:xfrm');
  const off = kid(x, 'a:off');
  const ext = kid(x, 'a:ext');
  if (!off || !ext) return undefined;
  return { x: num(off, 'x')!, y: num(off, 'y')!, w: num(ext, 'cx')!, h: num(ext, 'cy')! };
};

interface BodyProps {
  lIns: number;
  tIns: number;
  rIns: number;
  bIns: number;
  anchor: string;
  wrap: boolean;
  autofit: 'none' | 'norm' | 'shape';
  fontScale: number;
  lnSpcReduction: number;
}

function bodyOver(props: BodyProps, bodyPr: El | undefined): BodyProps {
  if (!bodyPr) return props;
  const out = { ...props };
  for (const k of ['lIns', 'tIns', 'rIns', 'bIns'] as const) out[k] = num(bodyPr, k) ?? out[k];
  out.anchor = bodyPr.getAttribute('anchor') || out.anchor;
  const wrap = bodyPr.getAttribute('wrap');
  if (wrap) out.wrap = wrap !== 'none';
  const norm = kid(bodyPr, 'a:normAutofit');
  if (norm) {
    out.autofit = 'norm';
    out.fontScale = (num(norm, 'fontScale') ?? 100000) / 100000;
    out.lnSpcReduction = (num(norm, 'lnSpcReduction') ?? 0) / 100000;
  } else if (kid(bodyPr, 'a:spAutoFit')) {
    out.autofit = 'shape';
    out.fontScale = 1;
    out.lnSpcReduction = 0;
  } else if (kid(bodyPr, 'a:noAutofit')) {
    out.autofit = 'none';
    out.fontScale = 1;
    out.lnSpcReduction = 0;
  }
  return out;
}

// ── measuring ────────────────────────────────────────────────────────────────────────────────────────

interface Run {
  text: string;
  sz: number;
  bold: boolean;
  face: Face;
}

/** Lines a paragraph's runs take in `width` points (greedy at spaces; a word longer than a line breaks inside). */
function linesOf(runs: readonly Run[], width: number): number {
  const words: { w: number; space: number }[] = [];
  for (const r of runs) {
    for (const part of r.text.split(/(?<=\s)(?=\S)/)) {
      const word = part.replace(/\s+$/, '');
      const space = part.slice(word.length);
      const w = widthOf(word, r.face, r.bold) * r.sz;
      const s = widthOf(space, r.face, r.bold) * r.sz;
      const prev = words.at(-1);
      if (prev && prev.space === 0 && word && !/^\s/.test(part)) {
        prev.w += w;
        prev.space = s;
      } else words.push({ w, space: s });
    }
  }
  let lines = 1;
  let x = 0;
  for (const t of words) {
    if (t.w > width) {
      if (x > 0) lines++;
      const full = Math.floor(t.w / width);
      lines += full;
      x = t.w - full * width + t.space;
      continue;
    }
    if (x > 0 && x + t.w > width) {
      lines++;
      x = 0;
    }
    x += t.w + t.space;
  }
  return lines;
}

const spacePts = (s: { pct?: number; pts?: number }, sz: number) => (s.pts ?? 0) + (s.pct ?? 0) * sz;

interface Measured {
  /** points */
  height: number;
  /** the widest line, points (for text that does not wrap) */
  width: number;
  empty: boolean;
}

// ── a slide ──────────────────────────────────────────────────────────────────────────────────────────

interface Context {
  mode: FontMode;
  major: string;
  minor: string;
  defaults: El | undefined;
  txStyles: El | undefined;
  layoutTree: El | undefined;
  masterTree: El | undefined;
}

function resolveFace(typeface: string, ctx: Context, title: boolean): Face {
  const name = typeface === '+mj-lt' ? ctx.major : typeface === '+mn-lt' ? ctx.minor : typeface || (title ? ctx.major : ctx.minor);
  return faceOf(name, ctx.mode);
}

/** The text of a shape (`p:sp` or a table cell's `a:txBody`) measured in a width, with what it inherits. */
function measureText(txBody: El | undefined, width: number, ctx: Context, inherit: { ph: Placeholder | null; layoutSp?: El; masterSp?: El }, body: BodyProps): Measured {
  const paras = kids(txBody, 'a:p');
  const title = inherit.ph !== null && TITLES.has(inherit.ph.type);
  const styleList = inherit.ph === null ? undefined : title ? kid(ctx.txStyles, 'p:titleStyle') : BODIES.has(inherit.ph.type) ? kid(ctx.txStyles, 'p:bodyStyle') : kid(ctx.txStyles, 'p:otherStyle');
  let height = 0;
  let widest = 0;
  let empty = true;
  paras.forEach((p, i) => {
    const pPr = kid(p, 'a:pPr');
    const lvl = num(pPr, 'lvl') ?? 0;
    let style: Style = { sz: 18, bold: false, typeface: '', marL: 0, indent: 0, lnSpc: { pct: 1 }, spcBef: {}, spcAft: {}, bullet: false };
    style = over(style, level(ctx.defaults, lvl), undefined);
    style = over(style, level(styleList, lvl), undefined);
    for (const sp of [inherit.masterSp, inherit.layoutSp]) {
      if (!sp) continue;
      const own = ownParagraph(sp, lvl);
      if (own) style = over(style, own.pPr, own.rPr);
      style = over(style, level(path(sp, 'p:txBody', 'a:lstStyle'), lvl), undefined);
    }
    style = over(style, level(kid(txBody, 'a:lstStyle'), lvl), undefined);
    style = over(style, pPr, undefined);
    const runs: Run[] = [];
    for (const r of kids(p).filter((k) => k.nodeName === 'a:r' || k.nodeName === 'a:fld' || k.nodeName === 'a:br')) {
      const rs = over(style, undefined, kid(r, 'a:rPr'));
      const t = r.nodeName === 'a:br' ? '\n' : (kid(r, 'a:t')?.textContent ?? '');
      const superscript = Number(kid(r, 'a:rPr')?.getAttribute('baseline') ?? 0) > 0;
      runs.push({ text: t, sz: rs.sz * body.fontScale * (superscript ? 0.65 : 1), bold: rs.bold, face: resolveFace(rs.typeface, ctx, title) });
    }
    const end = over(style, undefined, kid(p, 'a:endParaRPr'));
    // the paragraph mark's size counts only where the paragraph has no text of its own
    const sz = runs.some((r) => r.text) ? Math.max(...runs.map((r) => r.sz)) : end.sz * body.fontScale;
    const face = runs[0]?.face ?? resolveFace(end.typeface, ctx, title);
    const lineH = style.lnSpc.pts ?? sz * Math.max(MIN_LINE, face.line) * (style.lnSpc.pct ?? 1) * (1 - body.lnSpcReduction);
    const textW = width - style.marL / EMU_PT;
    const text = runs.map((r) => r.text).join('');
    if (text.trim()) empty = false;
    // a line break run starts a new line: measure each line of the paragraph on its own
    let lines = 0;
    let buffer: Run[] = [];
    const flush = () => {
      lines += linesOf(buffer.length ? buffer : [{ text: '', sz, bold: false, face }], body.wrap ? Math.max(1, textW) : Number.POSITIVE_INFINITY);
      widest = Math.max(widest, buffer.reduce((w, r) => w + widthOf(r.text, r.face, r.bold) * r.sz, 0) + style.marL / EMU_PT);
      buffer = [];
    };
    for (const r of runs) {
      if (r.text === '\n') flush();
      else buffer.push(r);
    }
    flush();
    height += lines * lineH + spacePts(style.spcBef, sz) + (i < paras.length - 1 ? spacePts(style.spcAft, sz) : 0);
  });
  return { height, width: widest, empty };
}

const intersects = (a: Box, b: Box, tol: number) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > tol && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > tol;

/** Reads the deck's geometry: every slide's findings, the smallest autofit scale, the texts and their extents. */
export function deckGeometry(bytes: Uint8Array, opts: { fonts?: FontMode } = {}): DeckGeometry {
  const mode = opts.fonts ?? 'named';
  const parts = unzipSync(bytes);
  const pres = xmlOf(parts, 'ppt/presentation.xml');
  const sz = kid(pres, 'p:sldSz')!;
  const size = { cx: num(sz, 'cx')!, cy: num(sz, 'cy')! };
  const presRels = relsOf(parts, 'ppt/presentation.xml');
  const slidePaths = kids(kid(pres, 'p:sldIdLst'), 'p:sldId').map((s) => presRels.find((r) => r.id === s.getAttribute('r:id'))!.target);
  const findings: Finding[] = [];
  const texts: DeckGeometry['texts'] = [];
  let minFontScale = 1;
  const tol = TOLERANCE_PT * EMU_PT;
  const slideBox: Box = { x: 0, y: 0, w: size.cx, h: size.cy };

  slidePaths.forEach((slidePath, si) => {
    const n = si + 1;
    const layoutPath = relsOf(parts, slidePath).find((r) => r.type === 'slideLayout')!.target;
    const masterPath = relsOf(parts, layoutPath).find((r) => r.type === 'slideMaster')!.target;
    const themePath = relsOf(parts, masterPath).find((r) => r.type === 'theme')!.target;
    const theme = xmlOf(parts, themePath);
    const fontScheme = theme.getElementsByTagName('a:fontScheme')[0] as El | undefined;
    const master = xmlOf(parts, masterPath);
    const layout = xmlOf(parts, layoutPath);
    const ctx: Context = {
      mode,
      major: path(fontScheme, 'a:majorFont', 'a:latin')?.getAttribute('typeface') ?? '',
      minor: path(fontScheme, 'a:minorFont', 'a:latin')?.getAttribute('typeface') ?? '',
      defaults: kid(pres, 'p:defaultTextStyle'),
      txStyles: kid(master, 'p:txStyles'),
      layoutTree: path(layout, 'p:cSld', 'p:spTree'),
      masterTree: path(master, 'p:cSld', 'p:spTree'),
    };
    const slide = xmlOf(parts, slidePath);
    const drawn: { name: string; box: Box; text: boolean }[] = [];

    const visit = (tree: El | undefined, map: (b: Box) => Box) => {
      for (const el of kids(tree)) {
        if (el.nodeName === 'p:grpSp') {
          const x = path(el, 'p:grpSpPr', 'a:xfrm');
          const off = kid(x, 'a:off');
          const ext = kid(x, 'a:ext');
          const chOff = kid(x, 'a:chOff');
          const chExt = kid(x, 'a:chExt');
          const sx = num(ext, 'cx')! / (num(chExt, 'cx') || 1);
          const sy = num(ext, 'cy')! / (num(chExt, 'cy') || 1);
          visit(el, (b) => map({ x: num(off, 'x')! + (b.x - num(chOff, 'x')!) * sx, y: num(off, 'y')! + (b.y - num(chOff, 'y')!) * sy, w: b.w * sx, h: b.h * sy }));
          continue;
        }
        if (!['p:sp', 'p:pic', 'p:graphicFrame', 'p:cxnSp'].includes(el.nodeName)) continue;
        const name = path(el, el.nodeName === 'p:sp' ? 'p:nvSpPr' : el.nodeName === 'p:pic' ? 'p:nvPicPr' : el.nodeName === 'p:cxnSp' ? 'p:nvCxnSpPr' : 'p:nvGraphicFramePr', 'p:cNvPr')?.getAttribute('name') ?? el.nodeName;
        const ph = placeholderOf(el);
        const layoutSp = ph ? matchIn(ctx.layoutTree, ph, true) : undefined;
        const masterSp = ph ? matchIn(ctx.masterTree, ph, false) : undefined;
        const own = xfrmOf(el) ?? xfrmOf(layoutSp) ?? xfrmOf(masterSp);
        if (!own) continue;
        const box = map(own);
        const label = `${name}${ph ? ` (${ph.type})` : ''}`;
        if (el.nodeName === 'p:cxnSp') {
          if (!intersects({ ...box, w: Math.max(box.w, 2 * tol), h: Math.max(box.h, 2 * tol) }, { x: -tol, y: -tol, w: size.cx + 2 * tol, h: size.cy + 2 * tol }, 0)) findings.push({ slide: n, kind: 'off-slide', what: label });
          continue;
        }
        let extent = box;
        let isText = false;
        if (el.nodeName === 'p:graphicFrame') {
          const tbl = el.getElementsByTagName('a:tbl')[0] as El | undefined;
          if (tbl) {
            const cols = kids(kid(tbl, 'a:tblGrid'), 'a:gridCol').map((c) => num(c, 'w')!);
            let h = 0;
            for (const tr of kids(tbl, 'a:tr')) {
              let rowH = num(tr, 'h')! / EMU_PT;
              kids(tr, 'a:tc').forEach((tc, ci) => {
                const tcPr = kid(tc, 'a:tcPr');
                const span = num(tc, 'gridSpan') ?? 1;
                const w = cols.slice(ci, ci + span).reduce((a, b) => a + b, 0);
                const mar = { l: num(tcPr, 'marL') ?? 91440, r: num(tcPr, 'marR') ?? 91440, t: num(tcPr, 'marT') ?? 45720, b: num(tcPr, 'marB') ?? 45720 };
                const m = measureText(kid(tc, 'a:txBody'), (w - mar.l - mar.r) / EMU_PT, ctx, { ph: null }, { lIns: 0, tIns: 0, rIns: 0, bIns: 0, anchor: 't', wrap: true, autofit: 'none', fontScale: 1, lnSpcReduction: 0 });
                rowH = Math.max(rowH, m.height + (mar.t + mar.b) / EMU_PT);
              });
              h += rowH;
            }
            extent = { ...box, h: h * EMU_PT };
            isText = true;
          }
        } else if (el.nodeName === 'p:sp') {
          let bp: BodyProps = { lIns: 91440, tIns: 45720, rIns: 91440, bIns: 45720, anchor: 't', wrap: true, autofit: 'none', fontScale: 1, lnSpcReduction: 0 };
          for (const sp of [masterSp, layoutSp, el]) bp = bodyOver(bp, path(sp, 'p:txBody', 'a:bodyPr'));
          const innerW = (box.w - bp.lIns - bp.rIns) / EMU_PT;
          const m = measureText(kid(el, 'p:txBody'), innerW, ctx, { ph, layoutSp, masterSp }, bp);
          if (!m.empty) {
            isText = true;
            if (bp.autofit === 'norm') minFontScale = Math.min(minFontScale, bp.fontScale);
            const room = (box.h - bp.tIns - bp.bIns) / EMU_PT;
            const textH = m.height * EMU_PT;
            const top = bp.autofit === 'shape' || bp.anchor === 't' ? box.y + bp.tIns : bp.anchor === 'b' ? box.y + box.h - bp.bIns - textH : box.y + bp.tIns + (room * EMU_PT - textH) / 2;
            const w = bp.wrap ? box.w : Math.max(box.w, m.width * EMU_PT + bp.lIns + bp.rIns);
            extent = { x: box.x, y: top, w, h: textH };
            if (bp.autofit !== 'shape' && m.height > room + TOLERANCE_PT) findings.push({ slide: n, kind: 'overflow', what: `${label}: ${m.height.toFixed(1)} pt of text in ${room.toFixed(1)} pt` });
            if (!bp.wrap && m.width > (box.w - bp.lIns - bp.rIns) / EMU_PT + TOLERANCE_PT) findings.push({ slide: n, kind: 'overflow', what: `${label}: a line of ${m.width.toFixed(1)} pt in ${((box.w - bp.lIns - bp.rIns) / EMU_PT).toFixed(1)} pt` });
            texts.push({ slide: n, name: label, text: (kid(el, 'p:txBody')?.textContent ?? '').trim(), box, extent, placeholder: ph?.type ?? null });
          }
        }
        const outer = isText ? { x: Math.min(box.x, extent.x), y: Math.min(box.y, extent.y), w: Math.max(box.x + box.w, extent.x + extent.w) - Math.min(box.x, extent.x), h: Math.max(box.y + box.h, extent.y + extent.h) - Math.min(box.y, extent.y) } : box;
        if (outer.x < -tol || outer.y < -tol || outer.x + outer.w > slideBox.w + tol || outer.y + outer.h > slideBox.h + tol) findings.push({ slide: n, kind: 'off-slide', what: label });
        if (el.nodeName !== 'p:sp' || isText) drawn.push({ name: label, box: isText ? extent : box, text: isText });
      }
    };
    visit(path(slide, 'p:cSld', 'p:spTree'), (b) => b);
    for (let i = 0; i < drawn.length; i++) {
      for (let j = i + 1; j < drawn.length; j++) {
        const a = drawn[i]!;
        const b = drawn[j]!;
        if (!a.text && !b.text) continue;
        if (intersects(a.box, b.box, tol)) findings.push({ slide: n, kind: 'overlap', what: `${a.name} × ${b.name}` });
      }
    }
  });
  return { slides: slidePaths.length, size, findings, minFontScale, texts };
}

/** Slides with a finding of a kind (or of any kind), counted once each. */
export const slidesWith = (g: DeckGeometry, kinds: readonly Finding['kind'][] = ['overflow', 'off-slide', 'overlap']): number => new Set(g.findings.filter((f) => kinds.includes(f.kind)).map((f) => f.slide)).size;
