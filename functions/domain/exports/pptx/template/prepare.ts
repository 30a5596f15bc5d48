/**
 * A firm's deck template read once per container and version: every link to outside its package stripped
 * (outside-links.ts), its sample slides dropped (after noting which
 * layouts they use and where they place their title and body), its layouts with their masters, placeholders and
 * artwork, the layouts chosen for our slides (choose-layout.ts), its theme's fonts and colours, and the frame a
 * deck is planned in on it (frame.ts).
 */
import type { ExportTemplate } from '../../export-template';
import { withoutOutsideLinks } from '../../outside-links';
import type { DeckFrame, LayoutName } from '../layouts';
import { chooseDeckLayouts, type SlideLayoutPart } from './choose-layout';
import { firmFrame, type TemplateLayoutInfo, type TemplateSlide } from './frame';
import { backgroundOf, boxOf, paintsOf, placeholderLooks, placeholderShapes, shapesOf, themeColours, themeFonts, type EmuBox, type Paint, type ThemeFonts } from './inherit';
import { TITLE_TYPES } from './placeholders';
import { attr, escapeRe, REL_NOTES_MASTER, REL_SLIDE, relsOf, relTags, resolve, text, unzip, type Parts } from './package';

/** A template made ready for exports, once per container and template version (ExportTemplate.key). */
export interface PreparedTemplate {
  /** the template's parts, less its sample slides with their notes and charts (shared: never changed) */
  parts: Parts;
  types: string;
  /** presentation.xml without its slide list, and its relationships without the slides' */
  pres: string;
  presRels: string;
  /** the layouts in package order */
  layouts: TemplateLayoutInfo[];
  /** the template's layout (path) for each of ours */
  chosen: Record<LayoutName, string>;
  /** the content master's theme: its fonts, and its colours by scheme name (hex) */
  fonts: ThemeFonts;
  colours: Record<string, string>;
  size: { cx: number; cy: number };
  /** the template's notes master, when it has one */
  notesMaster: string | undefined;
  /** the frame a deck is planned in on this template */
  frame: DeckFrame;
}

const PREPARED_MAX = 4;
const preparedByKey = new Map<string, PreparedTemplate>();
/** a template without a key is prepared once per export (its bytes), as the plan and the finishing pass both read it */
const preparedByBytes = new WeakMap<Uint8Array, PreparedTemplate>();

/** A shape covering this share of the slide or more is a background, not artwork. */
const BACKGROUND_SHARE = 0.9;

const overlapArea = (a: EmuBox, b: EmuBox) => Math.max(0, Math.min(a.x + a.cx, b.x + b.cx) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.cy, b.y + b.cy) - Math.max(a.y, b.y));

/** What a part draws besides its placeholders (pictures, shapes, groups' members), backgrounds left out. */
function artworkOf(xml: string, slide: { cx: number; cy: number }): EmuBox[] {
  const out: EmuBox[] = [];
  for (const sp of shapesOf(xml)) {
    if (/<p:ph\b/.test(sp)) continue;
    const box = boxOf(sp);
    if (box && box.cx * box.cy < BACKGROUND_SHARE * slide.cx * slide.cy) out.push(box);
  }
  return out;
}

export function prepare(template: ExportTemplate): PreparedTemplate {
  const cached = (template.key ? preparedByKey.get(template.key) : undefined) ?? preparedByBytes.get(template.bytes);
  if (cached) return cached;
  const { parts } = withoutOutsideLinks(unzip(template.bytes));
  let types = text(parts, '[Content_Types].xml');
  let pres = text(parts, 'ppt/presentation.xml');
  let presRels = text(parts, 'ppt/_rels/presentation.xml.rels');
  const sizeTag = /<p:sldSz\b[^>]*>/.exec(pres)?.[0] ?? '';
  const size = { cx: Number(attr(sizeTag, 'cx') ?? 12192000), cy: Number(attr(sizeTag, 'cy') ?? 6858000) };

  // the template's own slides go, with their notes and charts; the layouts they use are noted first, in order
  const slideRels = relTags(presRels).filter((r) => r.type === REL_SLIDE);
  const order = [...pres.matchAll(/<p:sldId\b[^>]*>/g)].map((m) => attr(m[0], 'r:id'));
  const samples: TemplateSlide[] = order
    .map((id) => slideRels.find((r) => r.id === id))
    .map((rel) => {
      if (!rel) return { layout: '', boxes: {} };
      const slide = resolve('ppt/presentation.xml', rel.target);
      const layout = relTags(text(parts, relsOf(slide))).find((r) => r.type.endsWith('/slideLayout'));
      // where the slide places its title and body itself
      const boxes: TemplateSlide['boxes'] = {};
      for (const ph of placeholderShapes(text(parts, slide))) {
        const kind = TITLE_TYPES.includes(ph.type) ? 'title' : ['obj', 'body', 'subTitle'].includes(ph.type) ? 'body' : undefined;
        const box = boxOf(ph.xml);
        if (kind && box && !boxes[kind]) boxes[kind] = box;
      }
      return { layout: layout ? resolve(slide, layout.target) : '', boxes };
    });
  const slideLayouts = samples.map((x) => x.layout);
  const removed = new Set<string>();
  const drop = (part: string) => {
    removed.add(part);
    delete parts[part];
    delete parts[relsOf(part)];
  };
  for (const rel of slideRels) {
    const slide = resolve('ppt/presentation.xml', rel.target);
    for (const r of relTags(text(parts, relsOf(slide)))) if (/\/(notesSlide|chart)$/.test(r.type)) drop(resolve(slide, r.target));
    drop(slide);
    presRels = presRels.replace(rel.tag, '');
  }
  for (const part of removed) types = types.replace(new RegExp(`<Override\\b[^>]*PartName="/${escapeRe(part)}"[^>]*/>`), '');
  pres = pres.replace(/<p:sldIdLst\b[^>]*\/>|<p:sldIdLst\b[^>]*>[\s\S]*?<\/p:sldIdLst>/, '');

  // every layout with its master: placeholders resolved through both, artwork of both
  const masters = new Map<string, { xml: string; fonts: ThemeFonts; colours: Record<string, string>; artwork: EmuBox[]; paints: Paint[]; background: string | null | undefined }>();
  const masterOf = (path: string) => {
    let m = masters.get(path);
    if (!m) {
      const xml = text(parts, path);
      const themeRel = relTags(text(parts, relsOf(path))).find((r) => r.type.endsWith('/theme'));
      const theme = themeRel ? text(parts, resolve(path, themeRel.target)) : '';
      const colours = themeColours(theme);
      m = { xml, fonts: themeFonts(theme), colours, artwork: artworkOf(xml, size), paints: paintsOf(xml, colours), background: backgroundOf(xml, colours) };
      masters.set(path, m);
    }
    return m;
  };
  const layouts: TemplateLayoutInfo[] = Object.keys(parts)
    .filter((p) => /^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(p))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]))
    .flatMap((path) => {
      const rel = relTags(text(parts, relsOf(path))).find((r) => r.type.endsWith('/slideMaster'));
      if (!rel) return [];
      const masterPath = resolve(path, rel.target);
      const master = masterOf(masterPath);
      const xml = text(parts, path);
      const root = /<p:sldLayout\b[^>]*>/.exec(xml)?.[0] ?? '';
      const showsMaster = attr(root, 'showMasterSp') !== '0';
      return [
        {
          path,
          master: masterPath,
          type: attr(root, 'type') ?? 'cust',
          name: /<p:cSld\b[^>]*\sname="([^"]*)"/.exec(xml)?.[1] ?? path,
          placeholders: placeholderLooks(xml, master.xml, pres, master.fonts),
          artwork: [...artworkOf(xml, size), ...(showsMaster ? master.artwork : [])],
          paints: [...(showsMaster ? master.paints : []), ...paintsOf(xml, master.colours)],
          background: [backgroundOf(xml, master.colours), master.background].find((b) => b !== undefined) ?? master.colours.lt1 ?? 'FFFFFF',
        },
      ];
    });

  // how much of each master's content area its artwork covers
  const artwork = new Map<string, number>();
  for (const l of layouts) {
    if (artwork.has(l.master) || l.type !== 'obj') continue;
    const body = l.placeholders.find((p) => p.type === 'obj' || p.type === 'body')?.box;
    if (body) artwork.set(l.master, Math.min(1, l.artwork.reduce((a, b) => a + overlapArea(b, body), 0) / (body.cx * body.cy || 1)));
  }
  const parts4choice: SlideLayoutPart[] = layouts.map((l) => ({ path: l.path, type: l.type, name: l.name, master: l.master, placeholders: l.placeholders.map((p) => p.type) }));
  const chosen = chooseDeckLayouts(parts4choice, { slides: slideLayouts, artwork });
  const content = masterOf(layouts.find((l) => l.path === chosen['title-and-content'])?.master ?? layouts[0]!.master);

  const notesRel = /<p:notesMasterIdLst>/.test(pres) ? relTags(presRels).find((r) => r.type === REL_NOTES_MASTER) : undefined;
  const notesMaster = notesRel && parts[resolve('ppt/presentation.xml', notesRel.target)] ? resolve('ppt/presentation.xml', notesRel.target) : undefined;
  const out: PreparedTemplate = {
    parts,
    types,
    pres,
    presRels,
    layouts,
    chosen,
    fonts: content.fonts,
    colours: content.colours,
    size,
    notesMaster,
    frame: firmFrame({ size, layouts, chosen, fonts: content.fonts, colours: content.colours, samples }),
  };
  if (template.key) {
    if (preparedByKey.size >= PREPARED_MAX) preparedByKey.delete(preparedByKey.keys().next().value!);
    preparedByKey.set(template.key, out);
  }
  preparedByBytes.set(template.bytes, out);
  return out;
}
