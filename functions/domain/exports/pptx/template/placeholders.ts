/**
 * A firm's layouts' placeholders and how our slide text goes into them: with no position, size, font or colour of
 * ours, so the layout's apply (its inherited sizes decide how the text looks on the template).
 */
import { attr } from './package';

export interface Placeholder {
  type: string;
  idx: string | undefined;
}

/** The placeholders a layout holds (type `obj` where it names none). */
export function placeholdersOf(layoutXml: string): Placeholder[] {
  return [...layoutXml.matchAll(/<p:ph\b[^>]*\/?>/g)].map((m) => ({ type: attr(m[0], 'type') ?? 'obj', idx: attr(m[0], 'idx') }));
}

export const TITLE_TYPES = ['title', 'ctrTitle'];
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

/**
 * Our slide's title and body text go into the layout's placeholders: the title into its title placeholder, the
 * body into its first text placeholder, each taking the placeholder's look; where the layout has no placeholder
 * for it, the text stays where we placed it, as a text box.
 */
export function intoPlaceholders(slideXml: string, layoutPhs: readonly Placeholder[]): string {
  return slideXml.replace(/<p:sp>(?:(?!<\/p:sp>)[\s\S])*?<p:ph\b[\s\S]*?<\/p:sp>/g, (sp) => {
    const ph = /<p:ph\b[^>]*\/>/.exec(sp)?.[0] ?? '';
    const isTitle = attr(ph, 'type') === 'title';
    const target = isTitle ? layoutPhs.find((p) => TITLE_TYPES.includes(p.type)) : layoutPhs.find((p) => !NOT_BODY.has(p.type));
    return target ? inherit(sp, target) : unplaceholder(sp);
  });
}
