/**
 * What a firm's layout gives its placeholders, resolved as PowerPoint resolves it: a placeholder's box is its
 * own or its master's (matched by type); its text's size, typeface, weight and line spacing come, lowest first,
 * from the presentation's default text style, the master's text styles (title or body), the master's
 * placeholder and the layout's placeholder (each its list style); its insets, anchor and autofit from the
 * master's placeholder's body properties and the layout's. A master that carries no text styles writes each
 * placeholder's look on its first runs instead (as LibreOffice writes one): those count beneath the
 * placeholder's list style, and a look that comes from there alone is `explicit` (PowerPoint does not read it
 * there, so our text writes it on its runs: size, typeface, colour). Theme fonts (`+mj-lt`, `+mn-lt`) are named by the theme.
 */
import { attr } from './package';

/** A box in EMU, as the package gives it. */
export interface EmuBox {
  x: number;
  y: number;
  cx: number;
  cy: number;
}

/** How a placeholder sets one level of text. */
export interface LevelLook {
  /** points */
  size: number;
  typeface: string;
  bold: boolean;
  /** single spacing's share (spcPct), 1 when none is given */
  lineSpacing: number;
  /** the text's colour as the template writes it (`a:srgbClr`, `a:schemeClr`, …), when it gives one */
  colour: string | null;
  /** the size, typeface and colour were found only on the placeholder's runs */
  explicit: { size: boolean; typeface: boolean; colour: boolean };
}

export interface PlaceholderLook {
  type: string;
  idx: string | undefined;
  box: EmuBox | undefined;
  /** EMU */
  insets: { l: number; t: number; r: number; b: number };
  anchor: string;
  autofit: 'norm' | 'shape' | 'none';
  /** the first and second outline levels */
  levels: [LevelLook, LevelLook];
}

export interface ThemeFonts {
  major: string;
  minor: string;
}

/** A placeholder's shape in a layout or master: its tag, type (`obj` where it names none) and idx. */
export interface PlaceholderShape {
  xml: string;
  type: string;
  idx: string | undefined;
}

const TITLES = ['title', 'ctrTitle'];
const BODIES = ['body', 'obj', 'subTitle'];
const kindOf = (type: string) => (TITLES.includes(type) ? 'title' : BODIES.includes(type) ? 'body' : type);

/** Every shape of a part's shape tree (groups' members included), as XML. */
export const shapesOf = (xml: string): string[] => [...xml.matchAll(/<p:(sp|pic|graphicFrame|cxnSp)>[\s\S]*?<\/p:\1>/g)].map((m) => m[0]);

/** A part's placeholders. */
export function placeholderShapes(xml: string): PlaceholderShape[] {
  const out: PlaceholderShape[] = [];
  for (const sp of shapesOf(xml)) {
    const ph = /<p:ph\b[^>]*\/?>/.exec(sp)?.[0];
    if (ph) out.push({ xml: sp, type: attr(ph, 'type') ?? 'obj', idx: attr(ph, 'idx') });
  }
  return out;
}

/** A shape's own box. */
export function boxOf(sp: string): EmuBox | undefined {
  const xfrm = /<a:xfrm\b[^>]*>([\s\S]*?)<\/a:xfrm>|<p:xfrm\b[^>]*>([\s\S]*?)<\/p:xfrm>/.exec(sp);
  const inner = xfrm?.[1] ?? xfrm?.[2] ?? '';
  const off = /<a:off x="(-?\d+)" y="(-?\d+)"/.exec(inner);
  const ext = /<a:ext cx="(\d+)" cy="(\d+)"/.exec(inner);
  return off && ext ? { x: Number(off[1]), y: Number(off[2]), cx: Number(ext[1]), cy: Number(ext[2]) } : undefined;
}

/** The master's placeholder a layout's placeholder inherits from: the one of its kind. */
const masterMatch = (master: readonly PlaceholderShape[], ph: PlaceholderShape) => master.find((m) => kindOf(m.type) === kindOf(ph.type));

/** A level of a list style (`a:lstStyle`, `p:titleStyle`, `p:bodyStyle`, `p:defaultTextStyle`), if it sets one. */
function levelOf(list: string | undefined, lvl: number): string | undefined {
  if (!list) return undefined;
  return new RegExp(`<a:lvl${lvl + 1}pPr\\b[^>]*(?:/>|>[\\s\\S]*?</a:lvl${lvl + 1}pPr>)`).exec(list)?.[0];
}

/** The paragraph properties and first run properties of a placeholder's own paragraph for a level. */
function ownLevel(sp: string, lvl: number): string | undefined {
  const paras = [...sp.matchAll(/<a:p>[\s\S]*?<\/a:p>/g)].map((m) => m[0]);
  const p = paras.find((x) => Number(attr(/<a:pPr\b[^>]*>/.exec(x)?.[0] ?? '', 'lvl') ?? 0) === lvl) ?? (lvl === 0 ? paras[0] : undefined);
  if (!p) return undefined;
  const pPr = /<a:pPr\b[^>]*(?:\/>|>[\s\S]*?<\/a:pPr>)/.exec(p)?.[0] ?? '';
  const rPr = /<a:rPr\b[^>]*(?:\/>|>[\s\S]*?<\/a:rPr>)/.exec(p)?.[0] ?? /<a:endParaRPr\b[^>]*(?:\/>|>[\s\S]*?<\/a:endParaRPr>)/.exec(p)?.[0] ?? '';
  return `${pPr}${rPr}`;
}

/** A level's look laid over what it inherits, from paragraph properties (`a:lvlNpPr`, `a:pPr`) and run properties in them. */
function over(look: LevelLook, props: string | undefined, fromRuns: boolean): LevelLook {
  if (!props) return look;
  const out = { ...look, explicit: { ...look.explicit } };
  const rPr = /<a:(?:defRPr|rPr|endParaRPr)\b[^>]*>/.exec(props)?.[0] ?? '';
  const sz = attr(rPr, 'sz');
  if (sz) {
    out.size = Number(sz) / 100;
    out.explicit.size = fromRuns;
  }
  const b = attr(rPr, 'b');
  if (b) out.bold = b === '1' || b === 'true';
  const latin = /<a:latin typeface="([^"]*)"/.exec(props)?.[1];
  if (latin) {
    out.typeface = latin;
    out.explicit.typeface = fromRuns;
  }
  const pct = /<a:lnSpc>\s*<a:spcPct val="(\d+)"/.exec(props)?.[1];
  if (pct) out.lineSpacing = Number(pct) / 100000;
  const runProps = /<a:(?:defRPr|rPr|endParaRPr)\b[^>]*>[\s\S]*?<\/a:(?:defRPr|rPr|endParaRPr)>/.exec(props)?.[0] ?? '';
  const fill = /<a:solidFill>([\s\S]*?)<\/a:solidFill>/.exec(runProps)?.[1];
  if (fill) {
    out.colour = fill;
    out.explicit.colour = fromRuns;
  }
  return out;
}

/** Insets, anchor and autofit laid over what they inherit. */
function bodyOver(look: Pick<PlaceholderLook, 'insets' | 'anchor' | 'autofit'>, sp: string | undefined): Pick<PlaceholderLook, 'insets' | 'anchor' | 'autofit'> {
  const bodyPr = sp ? /<a:bodyPr\b[^>]*(?:\/>|>[\s\S]*?<\/a:bodyPr>)/.exec(sp)?.[0] : undefined;
  if (!bodyPr) return look;
  const tag = /<a:bodyPr\b[^>]*>/.exec(bodyPr)![0];
  const num = (name: string, was: number) => (attr(tag, name) === undefined ? was : Number(attr(tag, name)));
  const autofit = /<a:normAutofit\b/.test(bodyPr) ? 'norm' : /<a:spAutoFit\b/.test(bodyPr) ? 'shape' : /<a:noAutofit\b/.test(bodyPr) ? 'none' : look.autofit;
  return {
    insets: { l: num('lIns', look.insets.l), t: num('tIns', look.insets.t), r: num('rIns', look.insets.r), b: num('bIns', look.insets.b) },
    anchor: attr(tag, 'anchor') ?? look.anchor,
    autofit,
  };
}

/** What a layout gives its placeholders (each resolved through the layout, its master and the presentation). */
export function placeholderLooks(layoutXml: string, masterXml: string, presXml: string, fonts: ThemeFonts): PlaceholderLook[] {
  const master = placeholderShapes(masterXml);
  const defaults = /<p:defaultTextStyle>[\s\S]*?<\/p:defaultTextStyle>/.exec(presXml)?.[0];
  const styles = {
    title: /<p:titleStyle>[\s\S]*?<\/p:titleStyle>/.exec(masterXml)?.[0],
    body: /<p:bodyStyle>[\s\S]*?<\/p:bodyStyle>/.exec(masterXml)?.[0],
    other: /<p:otherStyle>[\s\S]*?<\/p:otherStyle>/.exec(masterXml)?.[0],
  };
  return placeholderShapes(layoutXml).map((ph) => {
    const kind = kindOf(ph.type);
    const from = masterMatch(master, ph)?.xml;
    const list = (sp: string | undefined) => (sp ? /<a:lstStyle>[\s\S]*?<\/a:lstStyle>/.exec(sp)?.[0] : undefined);
    const level = (lvl: number): LevelLook => {
      let look: LevelLook = { size: 18, typeface: kind === 'title' ? '+mj-lt' : '+mn-lt', bold: false, lineSpacing: 1, colour: null, explicit: { size: false, typeface: false, colour: false } };
      look = over(look, levelOf(defaults, lvl), false);
      look = over(look, levelOf(kind === 'title' ? styles.title : kind === 'body' ? styles.body : styles.other, lvl), false);
      for (const sp of [from, ph.xml]) {
        if (!sp) continue;
        look = over(look, ownLevel(sp, lvl), true);
        look = over(look, levelOf(list(sp), lvl), false);
      }
      const typeface = look.typeface === '+mj-lt' ? fonts.major : look.typeface === '+mn-lt' ? fonts.minor : look.typeface;
      return { ...look, typeface };
    };
    let body: Pick<PlaceholderLook, 'insets' | 'anchor' | 'autofit'> = { insets: { l: 91440, t: 45720, r: 91440, b: 45720 }, anchor: 't', autofit: 'none' };
    body = bodyOver(bodyOver(body, from), ph.xml);
    return { type: ph.type, idx: ph.idx, box: boxOf(ph.xml) ?? (from ? boxOf(from) : undefined), ...body, levels: [level(0), level(1)] };
  });
}

/** The theme's heading and body fonts. */
export function themeFonts(themeXml: string): ThemeFonts {
  return {
    major: /<a:majorFont>\s*<a:latin typeface="([^"]*)"/.exec(themeXml)?.[1] ?? 'Calibri',
    minor: /<a:minorFont>\s*<a:latin typeface="([^"]*)"/.exec(themeXml)?.[1] ?? 'Calibri',
  };
}

/** The theme's colours by scheme name (dk1, lt1, dk2, lt2, accent1–6, hlink, folHlink), as hex without #. */
export function themeColours(themeXml: string): Record<string, string> {
  const scheme = /<a:clrScheme\b[\s\S]*?<\/a:clrScheme>/.exec(themeXml)?.[0] ?? '';
  const out: Record<string, string> = {};
  for (const m of scheme.matchAll(/<a:(dk1|lt1|dk2|lt2|accent[1-6]|hlink|folHlink)>\s*<a:(?:srgbClr val|sysClr\b[^>]*lastClr)="([0-9A-Fa-f]{6})"/g)) out[m[1]!] = m[2]!.toUpperCase();
  return out;
}

/** What a part draws under the slide's content, in drawing order: each shape's box and its solid fill (hex), null for a picture. */
export interface Paint {
  box: EmuBox;
  fill: string | null;
}

/** A colour element (`a:srgbClr`, `a:schemeClr`, `a:sysClr`) as hex, its theme's colour for a scheme colour (modifiers left aside). */
export function colourHex(xml: string, theme: Record<string, string>): string | null {
  const srgb = /<a:srgbClr val="([0-9A-Fa-f]{6})"/.exec(xml)?.[1];
  if (srgb) return srgb.toUpperCase();
  const sys = /<a:sysClr\b[^>]*lastClr="([0-9A-Fa-f]{6})"/.exec(xml)?.[1];
  if (sys) return sys.toUpperCase();
  const scheme = /<a:schemeClr val="([^"]+)"/.exec(xml)?.[1];
  const name = scheme ? ({ tx1: 'dk1', bg1: 'lt1', tx2: 'dk2', bg2: 'lt2' } as Record<string, string>)[scheme] ?? scheme : undefined;
  return name ? (theme[name] ?? null) : null;
}

/** The shapes and pictures a part draws besides its placeholders, with their fills: what text on top of them is read against. */
export function paintsOf(xml: string, theme: Record<string, string>): Paint[] {
  const out: Paint[] = [];
  for (const sp of shapesOf(xml)) {
    if (/<p:ph\b/.test(sp)) continue;
    const box = boxOf(sp);
    if (!box) continue;
    if (sp.startsWith('<p:pic>')) out.push({ box, fill: null });
    else {
      const spPr = /<p:spPr\b[\s\S]*?<\/p:spPr>/.exec(sp)?.[0] ?? '';
      const fill = /^[\s\S]*?<a:(?:prstGeom|custGeom)\b[\s\S]*?(?:<\/a:prstGeom>|<\/a:custGeom>|\/>)\s*<a:solidFill>([\s\S]*?)<\/a:solidFill>/.exec(spPr)?.[1];
      if (fill) out.push({ box, fill: colourHex(fill, theme) });
    }
  }
  return out;
}

/** A part's own background colour (`p:bg`): solid, a gradient's first stop, a reference to the theme's; null for a picture; undefined when it sets none. */
export function backgroundOf(xml: string, theme: Record<string, string>): string | null | undefined {
  const bg = /<p:bg>[\s\S]*?<\/p:bg>/.exec(xml)?.[0];
  if (!bg) return undefined;
  if (/<a:blipFill\b/.test(bg)) return null;
  return colourHex(bg, theme);
}
