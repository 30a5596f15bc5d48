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
import JSZip from 'jszip';
import type { ExportTemplate } from './model';
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

/**
 * Moves the finished deck `generated` (pptxgenjs, its slides in `layouts` order) onto the template's package.
 */
export async function onTemplate(generated: Uint8Array, layouts: readonly LayoutName[], template: ExportTemplate, colours: DeckColours): Promise<Uint8Array> {
  const [g, t] = await Promise.all([JSZip.loadAsync(generated), JSZip.loadAsync(template.bytes)]);
  const read = async (zip: JSZip, path: string) => (await zip.file(path)?.async('string')) ?? '';
  let tTypes = await read(t, '[Content_Types].xml');
  const gTypes = await read(g, '[Content_Types].xml');
  let tPres = await read(t, 'ppt/presentation.xml');
  let tPresRels = await read(t, 'ppt/_rels/presentation.xml.rels');

  // 1. the template's own slides go, with their notes and charts
  const removed = new Set<string>();
  for (const rel of relTags(tPresRels).filter((r) => r.type === REL_SLIDE)) {
    const slide = resolve('ppt/presentation.xml', rel.target);
    const rels = await read(t, relsOf(slide));
    for (const r of relTags(rels)) {
      if (/\/(notesSlide|chart)$/.test(r.type)) {
        const part = resolve(slide, r.target);
        removed.add(part);
        t.remove(part);
        t.remove(relsOf(part));
      }
    }
    removed.add(slide);
    t.remove(slide);
    t.remove(relsOf(slide));
    tPresRels = tPresRels.replace(rel.tag, '');
  }
  for (const part of removed) tTypes = tTypes.replace(new RegExp(`<Override\\b[^>]*PartName="/${part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"[^>]*/>`), '');
  tPres = tPres.replace(/<p:sldIdLst\b[^>]*\/>|<p:sldIdLst\b[^>]*>[\s\S]*?<\/p:sldIdLst>/, '');

  // 2. which layout of the template each of our layouts takes
  const tLayouts = await Promise.all(
    Object.keys(t.files)
      .filter((p) => /^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(p))
      .map(async (path) => ({ path, xml: await read(t, path) })),
  );
  const byName = new Map(template.layouts.map((l) => [l.layout, l.path]));
  const titleOnly = tLayouts.find((l) => attr(/<p:sldLayout\b[^>]*>/.exec(l.xml)?.[0] ?? '', 'type') === 'titleOnly')?.path;
  const layoutFor = (name: LayoutName): string => (name === 'title-only' ? (titleOnly ?? byName.get('title-and-content')) : byName.get(name)) ?? tLayouts[0]!.path;
  const phs = new Map(tLayouts.map((l) => [l.path, placeholdersOf(l.xml)]));

  // 3. the slide size
  const size = /<p:sldSz\b[^>]*>/.exec(tPres)?.[0] ?? '';
  const sx = Number(attr(size, 'cx') ?? OURS.cx) / OURS.cx;
  const sy = Number(attr(size, 'cy') ?? OURS.cy) / OURS.cy;

  // 4. our parts, renamed where the template holds a part of the same name
  const gOverrides = overridesOf(gTypes);
  const names = new Map<string, string>();
  const nameFor = (path: string) => {
    let out = names.get(path);
    if (!out) {
      out = path;
      for (let i = 2; t.file(out) || [...names.values()].includes(out); i++) out = path.replace(/(\.[a-z]+)$/i, `-${i}$1`);
      names.set(path, out);
    }
    return out;
  };
  const hasNotesMaster = Boolean(t.file('ppt/notesMasters/notesMaster1.xml')) && /<p:notesMasterIdLst>/.test(tPres);
  const copy = async (from: string, to: string, rewrite: (xml: string) => string = (x) => x) => {
    const file = g.file(from);
    if (!file) return;
    if (/\.(xml|rels)$/.test(from)) t.file(to, rewrite(await file.async('string')));
    else t.file(to, await file.async('uint8array'));
    if (gOverrides.has(from)) tTypes = tTypes.replace('</Types>', `${gOverrides.get(from)!.replace(`PartName="/${from}"`, `PartName="/${to}"`)}</Types>`);
  };

  /** copies a part's relationships' targets (charts, their workbooks, pictures) and rewrites the rels */
  const copyRels = async (part: string, newPart: string, onRel: (r: ReturnType<typeof relTags>[number], xml: string) => Promise<string>) => {
    let rels = await read(g, relsOf(part));
    if (!rels) return;
    for (const r of relTags(rels)) rels = await onRel(r, rels);
    t.file(relsOf(newPart), rels);
  };

  const slideIds: string[] = [];
  let presRels = tPresRels;
  for (const [i, layout] of layouts.entries()) {
    const from = `ppt/slides/slide${i + 1}.xml`;
    const to = nameFor(from);
    const layoutPath = layoutFor(layout);
    const layoutPhs = phs.get(layoutPath) ?? [];
    // our cover and dividers set their text in white on the brand colour; the template's own background decides
    const onBackground = (xml: string) => (layout === 'title' || layout === 'section' ? xml.replace(/(<a:rPr\b[^>]*>\s*<a:solidFill>)<a:srgbClr val="FFFFFF"\s*\/>/g, '$1<a:schemeClr val="tx1"/>') : xml);
    await copy(from, to, (xml) =>
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
    );
    await copyRels(from, to, async (r, rels) => {
      if (r.type.endsWith('/slideLayout')) return rels.replace(r.tag, r.tag.replace(`Target="${r.target}"`, `Target="/${layoutPath}"`));
      const part = resolve(from, r.target);
      if (r.type.endsWith('/notesSlide') && !hasNotesMaster) return rels.replace(r.tag, '');
      const dest = nameFor(part);
      if (r.type.endsWith('/chart')) {
        await copy(part, dest, (xml) => themed(xml, colours));
        await copyRels(part, dest, async (cr, crels) => {
          const sub = resolve(part, cr.target);
          const subDest = nameFor(sub);
          await copy(sub, subDest);
          return crels.replace(cr.tag, cr.tag.replace(`Target="${cr.target}"`, `Target="/${subDest}"`));
        });
      } else if (r.type.endsWith('/notesSlide')) {
        await copy(part, dest);
        await copyRels(part, dest, async (nr, nrels) => {
          if (nr.type.endsWith('/slide')) return nrels.replace(nr.tag, nr.tag.replace(`Target="${nr.target}"`, `Target="/${to}"`));
          if (nr.type === REL_NOTES_MASTER) return nrels.replace(nr.tag, nr.tag.replace(`Target="${nr.target}"`, 'Target="/ppt/notesMasters/notesMaster1.xml"'));
          return nrels;
        });
      } else if (r.tag.includes('TargetMode="External"')) {
        return rels;
      } else {
        await copy(part, dest);
      }
      return rels.replace(r.tag, r.tag.replace(`Target="${r.target}"`, `Target="/${dest}"`));
    });
    const rid = `rIdAssay${i + 1}`;
    presRels = presRels.replace('</Relationships>', `<Relationship Id="${rid}" Type="${REL_SLIDE}" Target="/${to}"/></Relationships>`);
    slideIds.push(`<p:sldId id="${256 + i}" r:id="${rid}"/>`);
  }

  // 5. the presentation lists our slides (after the masters' lists, as the schema orders them)
  const list = `<p:sldIdLst>${slideIds.join('')}</p:sldIdLst>`;
  const after = ['</p:handoutMasterIdLst>', '</p:notesMasterIdLst>', '</p:sldMasterIdLst>'].find((tag) => tPres.includes(tag));
  tPres = after ? tPres.replace(after, `${after}${list}`) : tPres.replace(/(<p:sldSz\b)/, `${list}$1`);
  if (!/xmlns:r=/.test(tPres)) tPres = tPres.replace('<p:presentation ', '<p:presentation xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ');
  t.file('ppt/presentation.xml', tPres);
  t.file('ppt/_rels/presentation.xml.rels', presRels);

  // 6. content types of what we brought (file kinds by extension)
  for (const m of gTypes.matchAll(/<Default\b[^>]*\/>/g)) {
    const ext = attr(m[0], 'Extension')!;
    if (!new RegExp(`Extension="${ext}"`, 'i').test(tTypes)) tTypes = tTypes.replace('</Types>', `${m[0]}</Types>`);
  }
  t.file('[Content_Types].xml', tTypes);
  return t.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
