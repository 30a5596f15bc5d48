/**
 * The deck on a firm's template (issue 24): the slides are laid out and written as on the built-in template
 * (planDeck, then pptxgenjs, native charts and all), then moved onto the template's package: the template
 * keeps its slide masters, layouts, theme and media, loses its own sample slides, and each of our slides
 * - refers to the template's layout for its kind (title, title-and-content, two-content, section, blank; the
 *   choice was made and stated when the template was checked), title-only to its Title Only layout if it has one;
 * - puts its title and body text into that layout's placeholders (by the layout's type and idx, with no
 *   position, size, font or colour of ours, so the layout's apply), or, where the layout has no placeholder
 *   for it, keeps the text where we placed it (a text box);
 * - uses the theme's fonts (`+mn-lt`) and colours (accent 1 and 2 for the brand's) for everything else,
 *   charts included, which stay native charts (`ppt/charts/chart*.xml`, with their data);
 * - is scaled to the template's slide size when it differs from our 16:9.
 *
 * Choice: building onto the template's masters with a zip library (JSZip, which the exports already use), not
 * `pptx-automizer`. automizer copies slides out of template decks (a firm's template has layouts, not slides
 * for each of our kinds), its pptxgenjs bridge pins pptxgenjs 3 (we are on 4: two copies in the bundle) and
 * @xmldom/xmldom 0.9 beside our 0.8; what we need of it is this one move of finished slides onto layouts.
 */
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { messages } from '@shared/messages';
import type { ExportTemplate } from './export-template';
import type { LayoutName } from './pptx-layouts';

const REL_SLIDE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide';
const REL_NOTES_MASTER = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/notesMaster';
const OURS = { cx: 12192000, cy: 6858000 };

export interface DeckColours {
  /** hex without #, upper case */
  primary: string;
  mark: string;
}

interface Placeholder {
  type: string;
  idx: string | undefined;
}

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const dir = (path: string) => path.slice(0, path.lastIndexOf('/'));
const relsOf = (path: string) => `${dir(path)}/_rels/${path.slice(path.lastIndexOf('/') + 1)}.rels`;

/** A relationship target as a package path (relative to its part, or absolute). */
function resolve(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = dir(from).split('/');
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

const relTags = (xml: string) => [...xml.matchAll(/<Relationship\b[^>]*\/?>/g)].map((m) => ({ tag: m[0], id: attr(m[0], 'Id')!, type: attr(m[0], 'Type') ?? '', target: attr(m[0], 'Target') ?? '' }));

/** The placeholders a layout holds (type `obj` where it names none). */
function placeholdersOf(layoutXml: string): Placeholder[] {
  return [...layoutXml.matchAll(/<p:ph\b[^>]*\/?>/g)].map((m) => ({ type: attr(m[0], 'type') ?? 'obj', idx: attr(m[0], 'idx') }));
}

const TITLE_TYPES = ['title', 'ctrTitle'];
const NOT_BODY = new Set(['title', 'ctrTitle', 'dt', 'ftr', 'sldNum', 'hdr', 'pic', 'chart', 'tbl', 'clipArt', 'dgm', 'media', 'sldImg']);

function phTag(p: Placeholder): string {
  return `<p:ph${p.type === 'obj' ? '' : ` type="${p.type}"`}${p.idx !== undefined ? ` idx="${p.idx}"` : ''}/>`;
}

/** Our shape's text takes the layout placeholder's look: no position, size, font or colour of ours. */
function inherit(sp: string, ph: Placeholder): string {
  return sp
    .replace(/<p:ph\b[^>]*\/>/, phTag(ph))
    .replace(/<a:xfrm\b[\s\S]*?<\/a:xfrm>/, '')
    .replace(/<a:bodyPr\b[^>]*\/>|<a:bodyPr\b[^>]*>[\s\S]*?<\/a:bodyPr>/, '<a:bodyPr/>')
    .replace(/<a:rPr\b([^>]*?)(\/?)>/g, (_m, attrs: string, close: string) => `<a:rPr${attrs.replace(/\s(sz|dirty)="[^"]*"/g, '')}${close}>`)
    .replace(/(<a:rPr\b[^>]*>)([\s\S]*?)(<\/a:rPr>)/g, (_m, open: string, inner: string, end: string) => `${open}${inner.replace(/<a:solidFill>[\s\S]*?<\/a:solidFill>/g, '').replace(/<a:(latin|ea|cs)\b[^>]*\/>/g, '')}${end}`);
}

/** Our text box where the layout has no placeholder for it: the same text, as a plain shape. */
const unplaceholder = (sp: string) => sp.replace(/<p:ph\b[^>]*\/>/, '');

function themed(xml: string, colours: DeckColours): string {
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

function scaled(xml: string, sx: number, sy: number): string {
  if (sx === 1 && sy === 1) return xml;
  const r = (v: string, f: number) => String(Math.round(Number(v) * f));
  return xml
    .replace(/<a:off x="(-?\d+)" y="(-?\d+)"/g, (_m, x: string, y: string) => `<a:off x="${r(x, sx)}" y="${r(y, sy)}"`)
    .replace(/<a:ext cx="(\d+)" cy="(\d+)"/g, (_m, x: string, y: string) => `<a:ext cx="${r(x, sx)}" cy="${r(y, sy)}"`)
    .replace(/<a:gridCol w="(\d+)"/g, (_m, w: string) => `<a:gridCol w="${r(w, sx)}"`)
    .replace(/<a:tr h="(\d+)"/g, (_m, h: string) => `<a:tr h="${r(h, sy)}"`);
}

/** Content type overrides by part name. */
const overridesOf = (types: string) => new Map([...types.matchAll(/<Override\b[^>]*\/>/g)].map((m) => [attr(m[0], 'PartName')!.slice(1), m[0]]));

/** A package's parts by path (folders left out). */
type Parts = Record<string, Uint8Array>;
const text = (parts: Parts, path: string) => (parts[path] ? strFromU8(parts[path]) : '');
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function unzip(bytes: Uint8Array): Parts {
  const out: Parts = {};
  for (const [path, data] of Object.entries(unzipSync(bytes))) if (!path.endsWith('/')) out[path] = data;
  return out;
}

/** Pictures, media and workbooks are compressed already: stored as they are; XML is deflated. */
const STORED = /\.(png|jpe?g|gif|xlsx|mp4|m4a|mp3|wdp)$/i;

/** The package's bytes, in one pass, `[Content_Types].xml` first. */
function zip(parts: Parts): Uint8Array {
  const out: Zippable = {};
  const ordered = ['[Content_Types].xml', ...Object.keys(parts).filter((p) => p !== '[Content_Types].xml')];
  for (const path of ordered) if (parts[path]) out[path] = [parts[path], { level: STORED.test(path) ? 0 : 6 }];
  return zipSync(out);
}

// ── the waterfall's value labels ───────────────────────────────────────────────────────────────────────

/**
 * pptxgenjs sets data labels for a whole chart; a waterfall (a stacked bar with an invisible base, see
 * to-pptx-chart.ts) wants them on its visible bars only: the base series' labels are deleted, a bar's zero
 * segments (the bar is another kind) carry none, and a decrease reads as one ("-2.0%"), its segment being drawn
 * with a positive height.
 */
export function labelWaterfall(chartXml: string): string {
  if (!/<c:grouping val="stacked"\/>/.test(chartXml)) return chartXml;
  const series = /<c:ser>[\s\S]*?<\/c:ser>/g;
  const isBase = (ser: string) => /<c:spPr>\s*<a:noFill\/>/.test(ser);
  if (!(chartXml.match(series) ?? []).some(isBase)) return chartXml;
  const decrease = messages.visuals.chart.decrease;
  return chartXml.replace(series, (ser) => {
    if (isBase(ser)) return ser.replace(/<c:dLbls>[\s\S]*?<\/c:dLbls>/, '<c:dLbls><c:delete val="1"/></c:dLbls>');
    const values = /<c:val>[\s\S]*?<\/c:val>/.exec(ser)?.[0] ?? '';
    const zeros = [...values.matchAll(/<c:pt idx="(\d+)">\s*<c:v>([^<]*)<\/c:v>/g)].filter((m) => Number(m[2]) === 0).map((m) => m[1]!);
    let out = zeros.length ? ser.replace('<c:dLbls>', `<c:dLbls>${zeros.map((i) => `<c:dLbl><c:idx val="${i}"/><c:delete val="1"/></c:dLbl>`).join('')}`) : ser;
    const name = /<c:tx>[\s\S]*?<c:v>([^<]*)<\/c:v>/.exec(ser)?.[1];
    if (name === decrease) {
      out = out.replace(/(<c:dLbls>(?:(?!<\/c:dLbls>)[\s\S])*?<c:numFmt formatCode=")([^"]*)(")/, (_m, open: string, code: string, close: string) => {
        // the code as written in XML (`&quot;` holds a semicolon): its first section, with a minus before it
        const first = code.replace(/&quot;/g, '"').split(';')[0] || 'General';
        return `${open}${`"-"${first};"-"${first}`.replace(/"/g, '&quot;')}${close}`;
      });
    }
    return out;
  });
}

// ── the firm's template, read once ─────────────────────────────────────────────────────────────────────

interface Box {
  x: number;
  y: number;
  cx: number;
  cy: number;
}

/** A template made ready for exports, once per container and template version (ExportTemplate.key). */
interface PreparedTemplate {
  /** the template's parts, less its sample slides with their notes and charts (shared: never changed) */
  parts: Parts;
  types: string;
  /** presentation.xml without its slide list, and its relationships without the slides' */
  pres: string;
  presRels: string;
  /** the layouts in package order, each with its placeholders and its title's box (its own or its master's) */
  layouts: { path: string; placeholders: Placeholder[]; title: Box | undefined }[];
  titleOnly: string | undefined;
  size: { cx: number; cy: number };
  /** the template's notes master, when it has one */
  notesMaster: string | undefined;
}

const PREPARED_MAX = 4;
const preparedByKey = new Map<string, PreparedTemplate>();

/** The box (EMU) of the title placeholder a layout or master draws, if it gives one. */
function titleBox(xml: string): Box | undefined {
  for (const m of xml.matchAll(/<p:sp>[\s\S]*?<\/p:sp>/g)) {
    const ph = /<p:ph\b[^>]*\/?>/.exec(m[0])?.[0];
    if (!ph || !TITLE_TYPES.includes(attr(ph, 'type') ?? '')) continue;
    const off = /<a:off x="(-?\d+)" y="(-?\d+)"\s*\/>/.exec(m[0]);
    const ext = /<a:ext cx="(\d+)" cy="(\d+)"\s*\/>/.exec(m[0]);
    return off && ext ? { x: Number(off[1]), y: Number(off[2]), cx: Number(ext[1]), cy: Number(ext[2]) } : undefined;
  }
  return undefined;
}

function prepare(template: ExportTemplate): PreparedTemplate {
  const cached = template.key ? preparedByKey.get(template.key) : undefined;
  if (cached) return cached;
  const parts = unzip(template.bytes);
  let types = text(parts, '[Content_Types].xml');
  let pres = text(parts, 'ppt/presentation.xml');
  let presRels = text(parts, 'ppt/_rels/presentation.xml.rels');

  // the template's own slides go, with their notes and charts
  const removed = new Set<string>();
  const drop = (part: string) => {
    removed.add(part);
    delete parts[part];
    delete parts[relsOf(part)];
  };
  for (const rel of relTags(presRels).filter((r) => r.type === REL_SLIDE)) {
    const slide = resolve('ppt/presentation.xml', rel.target);
    for (const r of relTags(text(parts, relsOf(slide)))) if (/\/(notesSlide|chart)$/.test(r.type)) drop(resolve(slide, r.target));
    drop(slide);
    presRels = presRels.replace(rel.tag, '');
  }
  for (const part of removed) types = types.replace(new RegExp(`<Override\\b[^>]*PartName="/${escapeRe(part)}"[^>]*/>`), '');
  pres = pres.replace(/<p:sldIdLst\b[^>]*\/>|<p:sldIdLst\b[^>]*>[\s\S]*?<\/p:sldIdLst>/, '');

  const masterTitles = new Map<string, Box | undefined>();
  const masterTitle = (layoutPath: string) => {
    const rel = relTags(text(parts, relsOf(layoutPath))).find((r) => r.type.endsWith('/slideMaster'));
    if (!rel) return undefined;
    const master = resolve(layoutPath, rel.target);
    if (!masterTitles.has(master)) masterTitles.set(master, titleBox(text(parts, master)));
    return masterTitles.get(master);
  };
  const layouts = Object.keys(parts)
    .filter((p) => /^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(p))
    .map((path) => {
      const xml = text(parts, path);
      return { path, xml, placeholders: placeholdersOf(xml), title: titleBox(xml) ?? masterTitle(path) };
    });
  const titleOnly = layouts.find((l) => attr(/<p:sldLayout\b[^>]*>/.exec(l.xml)?.[0] ?? '', 'type') === 'titleOnly')?.path;
  const size = /<p:sldSz\b[^>]*>/.exec(pres)?.[0] ?? '';
  const notesRel = /<p:notesMasterIdLst>/.test(pres) ? relTags(presRels).find((r) => r.type === REL_NOTES_MASTER) : undefined;
  const notesMaster = notesRel && parts[resolve('ppt/presentation.xml', notesRel.target)] ? resolve('ppt/presentation.xml', notesRel.target) : undefined;
  const out: PreparedTemplate = {
    parts,
    types,
    pres,
    presRels,
    layouts: layouts.map(({ path, placeholders, title }) => ({ path, placeholders, title })),
    titleOnly,
    size: { cx: Number(attr(size, 'cx') ?? OURS.cx), cy: Number(attr(size, 'cy') ?? OURS.cy) },
    notesMaster,
  };
  if (template.key) {
    if (preparedByKey.size >= PREPARED_MAX) preparedByKey.delete(preparedByKey.keys().next().value!);
    preparedByKey.set(template.key, out);
  }
  return out;
}

// ── the kicker, placed by the template's title ─────────────────────────────────────────────────────────

/** Our name for the kicker's text box (pptx.ts), so it can be found on the slide. */
export const KICKER_NAME = 'Kicker';

/**
 * The kicker line sits just above the layout's title placeholder, at its left edge (ours sits above our title;
 * a template's title may sit higher, where ours would overlap it). With too little room above, it takes what
 * room there is down to three quarters of its height (a line of its text), else it goes just under the title.
 */
function placeKicker(slideXml: string, title: Box | undefined, slideWidth: number): string {
  if (!title) return slideXml;
  return slideXml.replace(/<p:sp>(?:(?!<\/p:sp>)[\s\S])*?<\/p:sp>/g, (sp) => {
    if (!new RegExp(`<p:cNvPr\\b[^>]*\\sname="${KICKER_NAME}"`).test(sp)) return sp;
    const ext = /<a:ext cx="(\d+)" cy="(\d+)"\s*\/>/.exec(sp);
    if (!ext) return sp;
    let cx = Number(ext[1]);
    let cy = Number(ext[2]);
    let y = title.y - cy;
    if (y < 0 && title.y >= (cy * 3) / 4) {
      y = 0;
      cy = title.y;
    } else if (y < 0) {
      y = title.y + title.cy;
    }
    const x = title.x;
    cx = Math.max(1, Math.min(cx, slideWidth - x));
    return sp.replace(/<a:off x="-?\d+" y="-?\d+"\s*\/>/, `<a:off x="${x}" y="${Math.round(y)}"/>`).replace(/<a:ext cx="\d+" cy="\d+"\s*\/>/, `<a:ext cx="${cx}" cy="${Math.round(cy)}"/>`);
  });
}

// ── the graft ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * Moves the finished deck's parts `g` (pptxgenjs, its slides in `layouts` order) onto the template's package.
 */
function onTemplate(g: Parts, layouts: readonly LayoutName[], template: ExportTemplate, colours: DeckColours): Parts {
  const prep = prepare(template);
  const t: Parts = { ...prep.parts };
  let tTypes = prep.types;
  let tPres = prep.pres;
  const gTypes = text(g, '[Content_Types].xml');

  // which layout of the template each of our layouts takes
  const byName = new Map(template.layouts.map((l) => [l.layout, l.path]));
  const layoutFor = (name: LayoutName): string => (name === 'title-only' ? (prep.titleOnly ?? byName.get('title-and-content')) : byName.get(name)) ?? prep.layouts[0]!.path;
  const layoutInfo = new Map(prep.layouts.map((l) => [l.path, l]));

  // the slide size
  const sx = prep.size.cx / OURS.cx;
  const sy = prep.size.cy / OURS.cy;

  // our parts, renamed where the template holds a part of the same name
  const gOverrides = overridesOf(gTypes);
  const names = new Map<string, string>();
  const taken = new Set<string>();
  const nameFor = (path: string) => {
    let out = names.get(path);
    if (!out) {
      out = path;
      for (let i = 2; t[out] || taken.has(out); i++) out = path.replace(/(\.[a-z]+)$/i, `-${i}$1`);
      names.set(path, out);
      taken.add(out);
    }
    return out;
  };
  const copy = (from: string, to: string, rewrite?: (xml: string) => string) => {
    const data = g[from];
    if (!data) return;
    t[to] = rewrite ? strToU8(rewrite(strFromU8(data))) : data;
    if (gOverrides.has(from)) tTypes = tTypes.replace('</Types>', `${gOverrides.get(from)!.replace(`PartName="/${from}"`, `PartName="/${to}"`)}</Types>`);
  };
  /** copies a part's relationships' targets (charts, their workbooks, pictures) and rewrites the rels */
  const copyRels = (part: string, newPart: string, onRel: (r: ReturnType<typeof relTags>[number], xml: string) => string) => {
    let rels = text(g, relsOf(part));
    if (!rels) return;
    for (const r of relTags(rels)) rels = onRel(r, rels);
    t[relsOf(newPart)] = strToU8(rels);
  };
  const retarget = (rels: string, r: { tag: string; target: string }, to: string) => rels.replace(r.tag, r.tag.replace(`Target="${r.target}"`, `Target="/${to}"`));

  let presRels = prep.presRels;
  // the speaker notes need a notes master: the template's, else ours (with its theme) is added
  let notesMaster = prep.notesMaster;
  if (!notesMaster && g['ppt/notesMasters/notesMaster1.xml'] && layouts.length) {
    notesMaster = nameFor('ppt/notesMasters/notesMaster1.xml');
    copy('ppt/notesMasters/notesMaster1.xml', notesMaster);
    copyRels('ppt/notesMasters/notesMaster1.xml', notesMaster, (r, rels) => {
      const part = resolve('ppt/notesMasters/notesMaster1.xml', r.target);
      const dest = nameFor(part);
      copy(part, dest);
      return retarget(rels, r, dest);
    });
    presRels = presRels.replace('</Relationships>', `<Relationship Id="rIdAssayNotes" Type="${REL_NOTES_MASTER}" Target="/${notesMaster}"/></Relationships>`);
    const list = '<p:notesMasterIdLst><p:notesMasterId r:id="rIdAssayNotes"/></p:notesMasterIdLst>';
    tPres = tPres.replace(/<p:notesMasterIdLst\b[^>]*\/>/, '');
    tPres = tPres.includes('</p:sldMasterIdLst>') ? tPres.replace('</p:sldMasterIdLst>', `</p:sldMasterIdLst>${list}`) : tPres.replace(/(<p:sldSz\b)/, `${list}$1`);
  }

  const slideIds: string[] = [];
  for (const [i, layout] of layouts.entries()) {
    const from = `ppt/slides/slide${i + 1}.xml`;
    const to = nameFor(from);
    const layoutPath = layoutFor(layout);
    const info = layoutInfo.get(layoutPath);
    const layoutPhs = info?.placeholders ?? [];
    // our cover and dividers set their text in white on the brand colour; the template's own background decides
    const onBackground = (xml: string) => (layout === 'title' || layout === 'section' ? xml.replace(/(<a:rPr\b[^>]*>\s*<a:solidFill>)<a:srgbClr val="FFFFFF"\s*\/>/g, '$1<a:schemeClr val="tx1"/>') : xml);
    copy(from, to, (xml) =>
      placeKicker(
        scaled(
          themed(
            onBackground(xml).replace(/<p:sp>(?:(?!<\/p:sp>)[\s\S])*?<p:ph\b[\s\S]*?<\/p:sp>/g, (sp) => {
              const ph = /<p:ph\b[^>]*\/>/.exec(sp)?.[0] ?? '';
              const isTitle = attr(ph, 'type') === 'title';
              const target = isTitle ? layoutPhs.find((p) => TITLE_TYPES.includes(p.type)) : layoutPhs.find((p) => !NOT_BODY.has(p.type));
              return target ? inherit(sp, target) : unplaceholder(sp);
            }),
            colours,
          ),
          sx,
          sy,
        ),
        info?.title,
        prep.size.cx,
      ),
    );
    copyRels(from, to, (r, rels) => {
      if (r.type.endsWith('/slideLayout')) return retarget(rels, r, layoutPath);
      if (r.tag.includes('TargetMode="External"')) return rels;
      const part = resolve(from, r.target);
      if (r.type.endsWith('/notesSlide') && !notesMaster) return rels.replace(r.tag, '');
      const dest = nameFor(part);
      if (r.type.endsWith('/chart')) {
        copy(part, dest, (xml) => themed(xml, colours));
        copyRels(part, dest, (cr, crels) => {
          if (cr.tag.includes('TargetMode="External"')) return crels;
          const sub = resolve(part, cr.target);
          const subDest = nameFor(sub);
          copy(sub, subDest);
          return retarget(crels, cr, subDest);
        });
      } else if (r.type.endsWith('/notesSlide')) {
        copy(part, dest);
        copyRels(part, dest, (nr, nrels) => {
          if (nr.type.endsWith('/slide')) return retarget(nrels, nr, to);
          if (nr.type === REL_NOTES_MASTER) return retarget(nrels, nr, notesMaster!);
          return nrels;
        });
      } else {
        copy(part, dest);
      }
      return retarget(rels, r, dest);
    });
    const rid = `rIdAssay${i + 1}`;
    presRels = presRels.replace('</Relationships>', `<Relationship Id="${rid}" Type="${REL_SLIDE}" Target="/${to}"/></Relationships>`);
    slideIds.push(`<p:sldId id="${256 + i}" r:id="${rid}"/>`);
  }

  // the presentation lists our slides (after the masters' lists, as the schema orders them)
  const list = `<p:sldIdLst>${slideIds.join('')}</p:sldIdLst>`;
  const after = ['</p:handoutMasterIdLst>', '</p:notesMasterIdLst>', '</p:sldMasterIdLst>'].find((tag) => tPres.includes(tag));
  tPres = after ? tPres.replace(after, `${after}${list}`) : tPres.replace(/(<p:sldSz\b)/, `${list}$1`);
  if (!/xmlns:r=/.test(tPres)) tPres = tPres.replace('<p:presentation ', '<p:presentation xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ');
  t['ppt/presentation.xml'] = strToU8(tPres);
  t['ppt/_rels/presentation.xml.rels'] = strToU8(presRels);

  // content types of what we brought (file kinds by extension)
  for (const m of gTypes.matchAll(/<Default\b[^>]*\/>/g)) {
    const ext = attr(m[0], 'Extension')!;
    if (!new RegExp(`Extension="${ext}"`, 'i').test(tTypes)) tTypes = tTypes.replace('</Types>', `${m[0]}</Types>`);
  }
  t['[Content_Types].xml'] = strToU8(tTypes);
  return t;
}

/**
 * The deck's file from pptxgenjs' uncompressed output, in one unzip and one zip: the waterfalls' labels set
 * (labelWaterfall) and, on a firm's template, the slides moved onto it (onTemplate). The template is read once
 * per container and version (ExportTemplate.key), not at every export.
 */
export function finishDeck(generated: Uint8Array, layouts: readonly LayoutName[], template: ExportTemplate | undefined, colours: DeckColours): Uint8Array {
  const g = unzip(generated);
  for (const path of Object.keys(g)) if (/^ppt\/charts\/chart\d+\.xml$/.test(path)) g[path] = strToU8(labelWaterfall(strFromU8(g[path]!)));
  return zip(template?.kind === 'pptx' ? onTemplate(g, layouts, template, colours) : g);
}
