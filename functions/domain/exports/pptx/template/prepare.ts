/**
 * A firm's deck template read once per container and version: every link to outside its package stripped
 * (outside-links.ts), its sample slides dropped, its layouts and their placeholders listed.
 */
import type { ExportTemplate } from '../../export-template';
import { withoutOutsideLinks } from '../../outside-links';
import { attr, escapeRe, REL_NOTES_MASTER, REL_SLIDE, relsOf, relTags, resolve, text, unzip, type Parts } from './package';
import { placeholdersOf, TITLE_TYPES, type Placeholder } from './placeholders';
import { OURS } from './restyle';

/** A box in EMU, as the package gives it. */
export interface EmuBox {
  x: number;
  y: number;
  cx: number;
  cy: number;
}

/** A template made ready for exports, once per container and template version (ExportTemplate.key). */
export interface PreparedTemplate {
  /** the template's parts, less its sample slides with their notes and charts (shared: never changed) */
  parts: Parts;
  types: string;
  /** presentation.xml without its slide list, and its relationships without the slides' */
  pres: string;
  presRels: string;
  /** the layouts in package order, each with its placeholders and its title's box (its own or its master's) */
  layouts: { path: string; placeholders: Placeholder[]; title: EmuBox | undefined }[];
  titleOnly: string | undefined;
  size: { cx: number; cy: number };
  /** the template's notes master, when it has one */
  notesMaster: string | undefined;
}

const PREPARED_MAX = 4;
const preparedByKey = new Map<string, PreparedTemplate>();

/** The box (EMU) of the title placeholder a layout or master draws, if it gives one. */
function titleBox(xml: string): EmuBox | undefined {
  for (const m of xml.matchAll(/<p:sp>[\s\S]*?<\/p:sp>/g)) {
    const ph = /<p:ph\b[^>]*\/?>/.exec(m[0])?.[0];
    if (!ph || !TITLE_TYPES.includes(attr(ph, 'type') ?? '')) continue;
    const off = /<a:off x="(-?\d+)" y="(-?\d+)"\s*\/>/.exec(m[0]);
    const ext = /<a:ext cx="(\d+)" cy="(\d+)"\s*\/>/.exec(m[0]);
    return off && ext ? { x: Number(off[1]), y: Number(off[2]), cx: Number(ext[1]), cy: Number(ext[2]) } : undefined;
  }
  return undefined;
}

export function prepare(template: ExportTemplate): PreparedTemplate {
  const cached = template.key ? preparedByKey.get(template.key) : undefined;
  if (cached) return cached;
  const { parts } = withoutOutsideLinks(unzip(template.bytes));
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

  const masterTitles = new Map<string, EmuBox | undefined>();
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
