/**
 * How our slide text goes into a firm layout's placeholders: with no position, font or colour of ours, so the
 * layout's apply, at the layout's sizes (a paragraph of ours at another size, a kicker joined to a title, keeps
 * its own), scaled by the autofit the plan fitted it with (`normAutofit` with its `fontScale` and
 * `lnSpcReduction`). Where the template keeps a look where PowerPoint does not read it (a master without text
 * styles), the size and typeface are written on the runs. Our slide number gives way to the layout's furniture.
 */
import type { FurnitureText } from '../deck-slide';
import type { Autofit } from '../fit-text';
import type { Box, TextLook } from '../layouts';
import type { PlaceholderLook } from './inherit';
import { attr } from './package';

export const TITLE_TYPES = ['title', 'ctrTitle'];
/** The names our text boxes for a firm's placeholders are written with (write.ts). */
export const PLACEHOLDER_NAMES = { title: 'Assay title', body: 'Assay body' } as const;
const NOT_BODY = new Set(['title', 'ctrTitle', 'dt', 'ftr', 'sldNum', 'hdr', 'pic', 'chart', 'tbl', 'clipArt', 'dgm', 'media', 'sldImg']);

/** What the plan says of a placeholder's text: the look it was measured in and the autofit it was fitted with. */
export interface PlaceholderFill {
  look: TextLook | undefined;
  autofit: Autofit | undefined;
  /** inches: where the placeholder goes when the layout's own box leaves the slide */
  box?: Box;
}

function phTag(p: Pick<PlaceholderLook, 'type' | 'idx'>): string {
  return `<p:ph${p.type === 'obj' ? '' : ` type="${p.type}"`}${p.idx !== undefined ? ` idx="${p.idx}"` : ''}/>`;
}

const per100k = (x: number) => Math.round(x * 100000);
const EMU = 914400;
const xfrm = (b: Box) => `<a:xfrm><a:off x="${Math.round(b.x * EMU)}" y="${Math.round(b.y * EMU)}"/><a:ext cx="${Math.round(b.w * EMU)}" cy="${Math.round(b.h * EMU)}"/></a:xfrm>`;

/** The body properties our text sets on the placeholder: its autofit when it was scaled, else the layout's. */
function bodyPr(fill: PlaceholderFill): string {
  const a = fill.autofit;
  if (!a || (a.fontScale >= 1 && a.lnSpcReduction <= 0)) return '<a:bodyPr/>';
  return `<a:bodyPr><a:normAutofit fontScale="${per100k(a.fontScale)}"${a.lnSpcReduction > 0 ? ` lnSpcReduction="${per100k(a.lnSpcReduction)}"` : ''}/></a:bodyPr>`;
}

/** A paragraph's runs: at the layout's size for their level unless ours differs, in its typeface and colours. */
function paragraph(p: string, look: TextLook | undefined): string {
  const lvl = Number(attr(/<a:pPr\b[^>]*>/.exec(p)?.[0] ?? '', 'lvl') ?? 0);
  const levelSize = look ? String(Math.round(look.sizes[Math.min(lvl, 1)]! * 100)) : undefined;
  return p
    .replace(/(<a:pPr\b[^>]*?)\salgn="[^"]*"/g, '$1')
    .replace(/<a:(rPr|endParaRPr)\b([^>]*?)(\/?)>/g, (_m, tag: string, attrs: string, close: string) => {
      const sz = attr(attrs, 'sz');
      const kept = attrs.replace(/\s(dirty)="[^"]*"/g, '').replace(/\ssz="[^"]*"/, sz && sz !== levelSize ? ` sz="${sz}"` : look?.explicit.size && levelSize ? ` sz="${levelSize}"` : '');
      return `<a:${tag}${kept}${close}>`;
    })
    .replace(/(<a:rPr\b[^>]*>)([\s\S]*?)(<\/a:rPr>)/g, (_m, open: string, inner: string, end: string) => {
      const bare = inner.replace(/<a:solidFill>[\s\S]*?<\/a:solidFill>/g, '').replace(/<a:(latin|ea|cs)\b[^>]*\/>/g, '');
      const fill = look?.explicit.colour ? `<a:solidFill>${look.explicit.colour}</a:solidFill>` : '';
      return `${open}${fill}${look?.explicit.typeface ? `<a:latin typeface="${look.explicit.typeface}"/>` : ''}${bare}${end}`;
    });
}

/** Our shape's text takes the layout placeholder's look: no position, font or colour of ours. */
function inherit(sp: string, ph: Pick<PlaceholderLook, 'type' | 'idx'>, fill: PlaceholderFill): string {
  return sp
    .replace(/<p:nvPr\s*\/>|<p:nvPr>[\s\S]*?<\/p:nvPr>/, `<p:nvPr>${phTag(ph)}</p:nvPr>`)
    .replace(/<p:cNvSpPr\s*\/>|<p:cNvSpPr>\s*<\/p:cNvSpPr>/, '<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr>')
    .replace(/<a:xfrm\b[\s\S]*?<\/a:xfrm>/, fill.box ? xfrm(fill.box) : '')
    .replace(/<a:bodyPr\b[^>]*\/>|<a:bodyPr\b[^>]*>[\s\S]*?<\/a:bodyPr>/, bodyPr(fill))
    .replace(/<a:p>[\s\S]*?<\/a:p>/g, (p) => paragraph(p, fill.look));
}

/** Which of the layout's placeholders a shape of ours goes into: a text box named for one, or a placeholder of our masters. */
function kindOf(sp: string): 'title' | 'body' | 'other' | undefined {
  const ph = /<p:ph\b[^>]*\/>/.exec(sp)?.[0];
  if (ph) {
    const type = attr(ph, 'type') ?? 'obj';
    // an empty placeholder of our masters (pptxgenjs writes one for each it was not given text for) goes
    if (!/<a:t>[^<]/.test(sp)) return 'other';
    return type === 'title' ? 'title' : type === 'body' || type === 'obj' ? 'body' : 'other';
  }
  const name = /<p:cNvPr\b[^>]*\sname="([^"]*)"/.exec(sp)?.[1];
  return name === PLACEHOLDER_NAMES.title ? 'title' : name === PLACEHOLDER_NAMES.body ? 'body' : undefined;
}

/**
 * Our slide's title and body text (text boxes named PLACEHOLDER_NAMES, or our masters' title and body
 * placeholders) go into the layout's placeholders: the title into its title placeholder, the body into its first
 * text placeholder, each taking the placeholder's look; where the layout has no placeholder for it, the text stays
 * where we placed it, as a text box. Our masters' other placeholders (the slide number) and empty ones go: the
 * layout's furniture is added in their stead.
 */
export function intoPlaceholders(slideXml: string, layoutPhs: readonly Pick<PlaceholderLook, 'type' | 'idx'>[], fills: { title: PlaceholderFill; body: PlaceholderFill }): string {
  return slideXml.replace(/<p:sp>[\s\S]*?<\/p:sp>/g, (sp) => {
    const kind = kindOf(sp);
    if (kind === undefined) return sp;
    if (kind === 'other') return '';
    const isTitle = kind === 'title';
    const target = isTitle ? layoutPhs.find((p) => TITLE_TYPES.includes(p.type)) : layoutPhs.find((p) => !NOT_BODY.has(p.type));
    return target ? inherit(sp, target, isTitle ? fills.title : fills.body) : sp.replace(/<p:ph\b[^>]*\/>/, '');
  });
}

/** The layout's footer, date and slide number placeholders on a slide, as the plan filled them. */
export function furniture(layoutPhs: readonly Pick<PlaceholderLook, 'type' | 'idx'>[], texts: readonly FurnitureText[], firstId: number): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const names = { sldNum: 'Slide Number', ftr: 'Footer', dt: 'Date' } as const;
  return texts
    .flatMap((f, i) => {
      const ph = layoutPhs.find((p) => p.type === f.type);
      if (!ph) return [];
      const run = f.type === 'sldNum' ? `<a:fld id="{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}" type="slidenum"><a:t>${esc(f.text)}</a:t></a:fld>` : `<a:r><a:rPr lang="en-GB"/><a:t>${esc(f.text)}</a:t></a:r>`;
      return [`<p:sp><p:nvSpPr><p:cNvPr id="${firstId + i}" name="${names[f.type]} Placeholder"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr>${phTag(ph)}</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p>${run}</a:p></p:txBody></p:sp>`];
    })
    .join('');
}
