/**
 * The deck on a firm's template: the slides are planned in the template's frame (frame.ts: its slide size,
 * layouts, placeholder sizes and fonts) and written with pptxgenjs as on the built-in template (native charts
 * and all), then moved onto the template's package: the template keeps its slide masters, layouts, theme and
 * media, loses its own sample slides, and each of our slides
 * - refers to the template's layout chosen for its kind (choose-layout.ts, through the frame);
 * - puts its title and body text into that layout's placeholders (placeholders.ts: the layout's look, at its
 *   sizes, scaled by the autofit the plan fitted the text with), or, where the layout has no placeholder for it,
 *   keeps the text where we placed it (a text box);
 * - carries the layout's own footer, date and slide number placeholders, filled, where the layout has them (the
 *   cover none), and no slide number of ours;
 * - uses the theme's fonts (`+mn-lt`) and colours (theme colour references: restyle.ts) for everything else,
 *   charts included, which stay native charts (`ppt/charts/chart*.xml`, with their data);
 * - is scaled to the template's slide size when it was written at another (a template's previews).
 *
 * Choice: building onto the template's masters with a zip library, not `pptx-automizer`. automizer copies slides
 * out of template decks (a firm's template has layouts, not slides for each of our kinds), its pptxgenjs bridge
 * pins pptxgenjs 3 (we are on 4: two copies in the bundle) and @xmldom/xmldom 0.9 beside our 0.8; what we need
 * of it is this one move of finished slides onto layouts.
 */
import { strFromU8, strToU8 } from 'fflate';
import type { ExportTemplate } from '../../export-template';
import type { FurnitureText } from '../deck-slide';
import type { Autofit } from '../fit-text';
import type { LayoutName } from '../layouts';
import { attr, overridesOf, REL_NOTES_MASTER, REL_SLIDE, relsOf, relTags, resolve, text, type Parts } from './package';
import { furniture, intoPlaceholders } from './placeholders';
import { prepare } from './prepare';
import { scaled, themed } from './restyle';

/** What the finishing pass is told of each slide: its layout, the autofit its placeholders' text was fitted with, its furniture. */
export interface SlideFinish {
  layout: LayoutName;
  autofit?: { title?: Autofit; body?: Autofit };
  furniture?: readonly FurnitureText[];
}

/**
 * Moves the finished deck's parts `g` (pptxgenjs, its slides in `slides` order) onto the template's package.
 */
export function onTemplate(g: Parts, slides: readonly SlideFinish[], template: ExportTemplate): Parts {
  const prep = prepare(template);
  const t: Parts = { ...prep.parts };
  let tTypes = prep.types;
  let tPres = prep.pres;
  const gTypes = text(g, '[Content_Types].xml');
  const layoutInfo = new Map(prep.layouts.map((l) => [l.path, l]));

  // the slide size we wrote at, against the template's
  const written = /<p:sldSz\b[^>]*>/.exec(text(g, 'ppt/presentation.xml'))?.[0] ?? '';
  const sx = prep.size.cx / Number(attr(written, 'cx') ?? prep.size.cx);
  const sy = prep.size.cy / Number(attr(written, 'cy') ?? prep.size.cy);

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
  if (!notesMaster && g['ppt/notesMasters/notesMaster1.xml'] && slides.length) {
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
  for (const [i, slide] of slides.entries()) {
    const from = `ppt/slides/slide${i + 1}.xml`;
    const to = nameFor(from);
    const frameLayout = prep.frame.layouts[slide.layout].firm!;
    const layoutPath = frameLayout.path;
    const layoutPhs = layoutInfo.get(layoutPath)?.placeholders ?? [];
    const fills = {
      title: { look: frameLayout.looks.title, autofit: slide.autofit?.title, box: frameLayout.moved.title },
      body: { look: frameLayout.looks.body, autofit: slide.autofit?.body, box: frameLayout.moved.body },
    };
    // the layout's furniture, filled as the plan fitted it
    const withFurniture = (xml: string) => {
      if (!slide.furniture?.length) return xml;
      const ids = [...xml.matchAll(/<p:cNvPr id="(\d+)"/g)].map((m) => Number(m[1]));
      return xml.replace('</p:spTree>', `${furniture(layoutPhs, slide.furniture, Math.max(1, ...ids) + 1)}</p:spTree>`);
    };
    copy(from, to, (xml) => withFurniture(scaled(themed(intoPlaceholders(xml, layoutPhs, fills), prep.colours), sx, sy)));
    copyRels(from, to, (r, rels) => {
      if (r.type.endsWith('/slideLayout')) return retarget(rels, r, layoutPath);
      if (r.tag.includes('TargetMode="External"')) return rels;
      const part = resolve(from, r.target);
      if (r.type.endsWith('/notesSlide') && !notesMaster) return rels.replace(r.tag, '');
      const dest = nameFor(part);
      if (r.type.endsWith('/chart')) {
        copy(part, dest, (xml) => themed(xml, prep.colours));
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
