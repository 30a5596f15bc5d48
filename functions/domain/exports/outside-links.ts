/**
 * A firm's template fetches nothing: what in an OOXML package would make Word, PowerPoint or LibreOffice reach
 * outside it when the package (or an export built on it) is opened or drawn, found and taken out. The templates'
 * check reads it at upload, the exports on every template they build on (a template stored before this check
 * is cleaned again there), and the preview renderer draws only a package in which nothing is left.
 *
 * Refused (what cannot be taken out without changing what the template is; `refusalsIn`):
 * - a DTD in any XML part: `<!DOCTYPE`, `<!ENTITY` or any other markup declaration (entities are how a parser is
 *   made to read files or the network);
 * - a Word field that fetches when fields are updated: INCLUDEPICTURE, INCLUDETEXT, LINK, DDE, DDEAUTO, IMPORT,
 *   DATABASE (in complex fields, whose instruction may be split over runs, and in simple ones);
 * - an embedded HTML or RTF chunk (`w:altChunk`), which the reader converts, pictures and all, on opening;
 * - an SVG picture that refers to anything but itself or a `data:` URI.
 *
 * Stripped, the package staying valid (`withoutOutsideLinks`): every relationship whose target is outside the
 * package (`TargetMode="External"`, or a target with a scheme, a drive or a UNC path: `file:`, `http:`, `\\host`)
 * and every attached template, with the markup that used them: a hyperlink keeps its text, a picture or VML
 * shape loses its link (an embedded picture stays), an OLE object, frame, sub-document, media or external data
 * reference goes; and Word's mail-merge data source (`w:mailMerge` in settings.xml).
 *
 * Attribute values are read with their character references resolved, so an encoded `&#102;ile:` is `file:`.
 */
import { strFromU8, strToU8 } from 'fflate';
import type { TemplateLinkKind } from '@shared/schemas/templates';
import { unzip, type Parts } from './pptx/template/package';

/** What a refused package holds. */
export interface OutsideRefusal {
  part: string;
  kind: 'declaration' | 'field' | 'altChunk' | 'svg';
  /** the declaration (DOCTYPE, ENTITY …), the field's name, or the SVG's reference */
  name: string;
}

/** What a stripped link was, by its relationship type. */
export type OutsideLinkKind = TemplateLinkKind;

export interface RemovedLink {
  /** the part that used it (empty for the package's own relationships) */
  part: string;
  kind: OutsideLinkKind;
  target: string;
}

const REL_NAMESPACES = ['http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'http://purl.oclc.org/ooxml/officeDocument/relationships'];
const OFFICE_NAMESPACE = 'urn:schemas-microsoft-com:office:office';

/** Word fields that read a file, a URL or a data source when they are updated. */
const FETCHING_FIELDS = new Set(['INCLUDEPICTURE', 'INCLUDETEXT', 'LINK', 'DDE', 'DDEAUTO', 'IMPORT', 'DATABASE']);

// ── reading XML with regular expressions, as the exporters do, but with attribute values in either quote ──

const NAME = String.raw`[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?`;
const ATTRS = String.raw`(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*`;
/** A start or empty tag: its name, its attributes, and `/` when empty. */
const START_TAG = new RegExp(`<(${NAME})(${ATTRS})\\s*(/?)>`, 'g');
const ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

const localName = (qname: string) => qname.slice(qname.indexOf(':') + 1);
const prefixOf = (qname: string) => (qname.includes(':') ? qname.slice(0, qname.indexOf(':')) : '');

/** Character and entity references resolved (the five XML entities and numeric references). */
function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_m, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[ref as 'lt'];
  });
}

function attributes(text: string): { name: string; value: string; raw: string }[] {
  return [...text.matchAll(ATTR)].map((m) => ({ name: m[1]!, value: unescapeXml(m[2] ?? m[3] ?? ''), raw: m[0] }));
}

/** An XML part's text, whatever its encoding (Office writes UTF-8; UTF-16 is legal XML too). */
function decode(bytes: Uint8Array): { text: string; utf16: boolean } {
  const [a, b] = [bytes[0], bytes[1]];
  if (a === 0xff && b === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), utf16: true };
  if (a === 0xfe && b === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), utf16: true };
  if (a === 0x3c && b === 0x00) return { text: new TextDecoder('utf-16le').decode(bytes), utf16: true };
  if (a === 0x00 && b === 0x3c) return { text: new TextDecoder('utf-16be').decode(bytes), utf16: true };
  return { text: strFromU8(bytes).replace(/^\uFEFF/, ''), utf16: false };
}

/** A changed part written back as UTF-8 (its declaration saying so, when it was UTF-16). */
const encode = (text: string, utf16: boolean) => strToU8(utf16 ? text.replace(/^(<\?xml\b[^>]*?\bencoding\s*=\s*["'])[^"']*(["'])/, '$1UTF-8$2') : text);

/** The content types of a package: by part name (overrides) and by extension (defaults). */
function contentTypes(parts: Parts): (path: string) => string {
  const xml = parts['[Content_Types].xml'] ? decode(parts['[Content_Types].xml']).text : '';
  const overrides = new Map<string, string>();
  const defaults = new Map<string, string>();
  for (const m of xml.matchAll(START_TAG)) {
    const attrs = new Map(attributes(m[2]!).map((a) => [a.name, a.value]));
    if (localName(m[1]!) === 'Override' && attrs.get('PartName')) overrides.set(attrs.get('PartName')!.replace(/^\//, '').toLowerCase(), attrs.get('ContentType') ?? '');
    if (localName(m[1]!) === 'Default' && attrs.get('Extension')) defaults.set(attrs.get('Extension')!.toLowerCase(), attrs.get('ContentType') ?? '');
  }
  return (path) => overrides.get(path.toLowerCase()) ?? defaults.get(path.slice(path.lastIndexOf('.') + 1).toLowerCase()) ?? '';
}

/** The parts a reader may parse as XML: by name (`.xml`, `.rels`, `.vml`, `.svg`) or by an XML content type. */
function xmlParts(parts: Parts): string[] {
  const typeOf = contentTypes(parts);
  return Object.keys(parts).filter((p) => /\.(xml|rels|vml|svg)$/i.test(p) || /[/+]xml$/i.test(typeOf(p).trim()));
}

const isSvg = (path: string, type: string) => /\.svg$/i.test(path) || /^image\/svg\+xml$/i.test(type.trim());

// ── what is refused ─────────────────────────────────────────────────────────────────────────────────────

/** The instructions of a Word part's fields (complex fields assembled from their runs, and simple ones). */
function fieldInstructions(xml: string): string[] {
  const out: string[] = [];
  const open: string[] = [];
  const done: boolean[] = [];
  const tokens = new RegExp(`<(${NAME})(${ATTRS})\\s*(/?)>|</(${NAME})\\s*>`, 'g');
  let instrFrom = -1;
  for (const m of xml.matchAll(tokens)) {
    const name = m[1] ? localName(m[1]) : '';
    const closing = m[4] ? localName(m[4]) : '';
    if (name === 'fldChar') {
      const type = attributes(m[2]!).find((a) => localName(a.name) === 'fldCharType')?.value;
      if (type === 'begin') {
        open.push('');
        done.push(false);
      } else if ((type === 'separate' || type === 'end') && open.length) {
        if (!done[done.length - 1]) out.push(open[open.length - 1]!);
        done[done.length - 1] = true;
        if (type === 'end') {
          open.pop();
          done.pop();
        }
      }
    } else if (name === 'fldSimple') {
      const instr = attributes(m[2]!).find((a) => localName(a.name) === 'instr')?.value;
      if (instr !== undefined) out.push(instr);
    } else if (name === 'instrText' && !m[3]) {
      instrFrom = m.index + m[0].length;
    } else if (closing === 'instrText' && instrFrom >= 0) {
      if (open.length) open[open.length - 1] += unescapeXml(xml.slice(instrFrom, m.index).replace(/<[^>]*>/g, ''));
      instrFrom = -1;
    }
  }
  // a field left open at the end of the part still counts
  for (const [i, instr] of open.entries()) if (!done[i]) out.push(instr);
  return out;
}

/** What in the package cannot be cleaned away: DTDs, fetching fields, HTML/RTF chunks, SVG references out. Empty: none. */
export function refusalsIn(parts: Parts): OutsideRefusal[] {
  const out: OutsideRefusal[] = [];
  const typeOf = contentTypes(parts);
  for (const part of xmlParts(parts)) {
    const { text } = decode(parts[part]!);
    for (const m of text.matchAll(/<!(?!--|\[CDATA\[)([A-Za-z]*)/g)) out.push({ part, kind: 'declaration', name: m[1]!.toUpperCase() || '<!' });
    if (/^word\//.test(part) && part.endsWith('.xml')) {
      for (const instr of fieldInstructions(text)) {
        const field = /^\s*([A-Za-z]+)/.exec(instr)?.[1]?.toUpperCase();
        if (field && FETCHING_FIELDS.has(field)) out.push({ part, kind: 'field', name: field });
      }
      for (const m of text.matchAll(START_TAG)) if (localName(m[1]!) === 'altChunk') out.push({ part, kind: 'altChunk', name: 'altChunk' });
    }
    if (isSvg(part, typeOf(part))) {
      for (const m of text.matchAll(START_TAG)) {
        for (const a of attributes(m[2]!)) if (localName(a.name) === 'href' && !/^\s*(#|data:)/i.test(a.value)) out.push({ part, kind: 'svg', name: a.value });
      }
      for (const m of text.matchAll(/url\(\s*['"]?([^'")]*)|@import\s+(?:url\()?\s*['"]?([^'");\s]*)/gi)) {
        const ref = unescapeXml(m[1] ?? m[2] ?? '');
        if (!/^\s*(#|data:)/i.test(ref)) out.push({ part, kind: 'svg', name: ref });
      }
    }
  }
  return out;
}

// ── what is stripped ────────────────────────────────────────────────────────────────────────────────────

/** Elements that go, with what they hold, when the relationship they name goes (they only stood for the link). */
const DROPPED = new Set([
  'attachedTemplate',
  'OLEObject',
  'subDoc',
  'altChunk',
  'hlinkClick',
  'hlinkHover',
  'hlinkMouseOver',
  'videoFile',
  'audioFile',
  'quickTimeFile',
  'wavAudioFile',
  'snd',
  'media',
  'externalData',
  'sourceFileName',
  'dataSource',
  'headerSource',
  'saveThroughXslt',
]);
/** Elements that go while what they hold stays: a hyperlink keeps its text. */
const UNWRAPPED = new Set(['hyperlink']);
// Any other element loses the attributes that named the relationship (a picture keeps its embedded image, a VML
// shape its fill colour), so the markup stays valid.

/** The relationship part's source part: `word/_rels/document.xml.rels` → `word/document.xml`; the package's own: ''. */
const sourceOf = (rels: string) => rels.replace(/(^|\/)_rels\/([^/]*)\.rels$/, '$1$2').replace(/^_rels\/\.rels$/, '');

/** A relationship's target is in the package: no External mode, no scheme, no drive, no UNC or protocol-relative path. */
function isInside(mode: string | undefined, target: string): boolean {
  if (mode !== undefined && mode.trim() !== 'Internal') return false;
  const t = target.trim();
  return !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(t) && !/^[\\/]{2}/.test(t) && !t.includes('\\');
}

function kindOf(type: string): OutsideLinkKind {
  const last = type.slice(type.lastIndexOf('/') + 1).toLowerCase();
  if (last === 'image') return 'picture';
  if (last === 'oleobject' || last === 'package') return 'object';
  if (last === 'attachedtemplate') return 'attachedTemplate';
  if (last === 'hyperlink') return 'hyperlink';
  if (last === 'frame') return 'frame';
  if (last === 'video' || last === 'audio' || last === 'media') return 'media';
  if (last === 'subdocument') return 'subDocument';
  if (last === 'mailmergesource' || last === 'mailmergeheadersource') return 'mailMerge';
  return 'other';
}

/** The start and end tags of one name (a few names: the elements links live in). */
const tagsNamed = new Map<string, RegExp>();

/** From the end of a start tag (`tagEnd`), the end of its element (after its matching end tag); an empty tag ends where it does. */
function elementEnd(xml: string, qname: string, empty: boolean, tagEnd: number): number {
  if (empty) return tagEnd;
  let tags = tagsNamed.get(qname);
  if (!tags) {
    if (tagsNamed.size >= 64) tagsNamed.clear();
    tags = new RegExp(`<(/?)${qname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(${ATTRS})\\s*(/?)>`, 'g');
    tagsNamed.set(qname, tags);
  }
  tags.lastIndex = tagEnd;
  let depth = 1;
  for (let m = tags.exec(xml); m; m = tags.exec(xml)) {
    if (m[1]) depth--;
    else if (!m[3]) depth++;
    if (depth === 0) return m.index + m[0].length;
  }
  return tagEnd;
}

interface Edit {
  from: number;
  to: number;
  insert: string;
}

/** Applies edits in one pass (an edit inside a range another one removes is dropped). */
function applyEdits(xml: string, edits: Edit[]): string {
  edits.sort((a, b) => a.from - b.from || b.to - a.to);
  const kept: Edit[] = [];
  for (const e of edits) {
    const outer = kept[kept.length - 1];
    if (outer && e.from >= outer.from && e.to <= outer.to && outer.insert === '' && outer.to - outer.from > e.to - e.from) continue;
    kept.push(e);
  }
  const out: string[] = [];
  let at = 0;
  for (const e of kept) {
    out.push(xml.slice(at, e.from), e.insert);
    at = e.to;
  }
  out.push(xml.slice(at));
  return out.join('');
}

/**
 * The markup of `xml` that named one of `ids` (relationship ids of its part) taken out; with `alsoDrop`, those
 * elements go too whatever they name (Word's attached template and mail merge).
 */
function withoutReferences(xml: string, ids: ReadonlySet<string>, alsoDrop: ReadonlySet<string> = new Set()): string {
  const relPrefixes = new Set([...xml.matchAll(/\sxmlns:([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].filter((m) => REL_NAMESPACES.includes(m[2] ?? m[3] ?? '')).map((m) => m[1]!));
  const officePrefixes = new Set([...xml.matchAll(/\sxmlns:([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].filter((m) => (m[2] ?? m[3]) === OFFICE_NAMESPACE).map((m) => m[1]!));
  const names = (a: { name: string }) => relPrefixes.has(prefixOf(a.name)) || (officePrefixes.has(prefixOf(a.name)) && localName(a.name) === 'relid');
  const edits: Edit[] = [];
  for (const m of xml.matchAll(START_TAG)) {
    const [tag, qname, attrText, empty] = [m[0], m[1]!, m[2]!, m[3] === '/'];
    const local = localName(qname);
    const linking = attributes(attrText).filter((a) => names(a) && ids.has(a.value.trim()));
    if (!linking.length && !alsoDrop.has(local)) continue;
    const tagEnd = m.index + tag.length;
    if (DROPPED.has(local) || alsoDrop.has(local)) {
      edits.push({ from: m.index, to: elementEnd(xml, qname, empty, tagEnd), insert: '' });
    } else if (UNWRAPPED.has(local)) {
      const end = elementEnd(xml, qname, empty, tagEnd);
      edits.push({ from: m.index, to: tagEnd, insert: '' });
      if (!empty) edits.push({ from: xml.lastIndexOf('<', end - 1), to: end, insert: '' });
    } else {
      let kept = tag;
      for (const a of linking) kept = kept.replace(a.raw, '\u0000');
      edits.push({ from: m.index, to: tagEnd, insert: kept.replace(/\s+\u0000/g, '').replace(/\s+(\/?>)$/, '$1') });
    }
  }
  return edits.length ? applyEdits(xml, edits) : xml;
}

/**
 * The package with every relationship to outside it (and every attached template) removed, with the markup that
 * used them, and Word's mail-merge data source; and what was removed. Parts that did not change are the same
 * arrays; `parts` itself is not changed.
 */
export function withoutOutsideLinks(parts: Parts): { parts: Parts; removed: RemovedLink[] } {
  const out: Parts = { ...parts };
  const removed: RemovedLink[] = [];
  const stripped = new Map<string, Set<string>>();
  for (const relsPath of Object.keys(parts).filter((p) => /(^|\/)_rels\/[^/]*\.rels$/.test(p))) {
    const { text, utf16 } = decode(parts[relsPath]!);
    const source = sourceOf(relsPath);
    const edits: Edit[] = [];
    for (const m of text.matchAll(START_TAG)) {
      if (localName(m[1]!) !== 'Relationship') continue;
      const attrs = new Map(attributes(m[2]!).map((a) => [a.name, a.value]));
      const type = attrs.get('Type') ?? '';
      const target = attrs.get('Target') ?? '';
      const kind = kindOf(type);
      if (isInside(attrs.get('TargetMode'), target) && kind !== 'attachedTemplate') continue;
      edits.push({ from: m.index, to: elementEnd(text, m[1]!, m[3] === '/', m.index + m[0].length), insert: '' });
      removed.push({ part: source, kind, target });
      const ids = stripped.get(source) ?? new Set<string>();
      ids.add((attrs.get('Id') ?? '').trim());
      stripped.set(source, ids);
    }
    if (edits.length) out[relsPath] = encode(applyEdits(text, edits), utf16);
  }
  for (const part of new Set([...stripped.keys(), ...(parts['word/settings.xml'] ? ['word/settings.xml'] : [])])) {
    if (!part || !out[part]) continue;
    const { text, utf16 } = decode(out[part]);
    const settings = part === 'word/settings.xml';
    // the mail merge goes whole (its connection string and query name a data source, by relationship or not)
    if (settings && [...text.matchAll(START_TAG)].some((m) => localName(m[1]!) === 'mailMerge') && !removed.some((r) => r.part === part && r.kind === 'mailMerge')) {
      removed.push({ part, kind: 'mailMerge', target: '' });
    }
    const cleaned = withoutReferences(text, stripped.get(part) ?? new Set(), settings ? new Set(['attachedTemplate', 'mailMerge']) : undefined);
    if (cleaned !== text) out[part] = encode(cleaned, utf16);
  }
  return { parts: out, removed };
}

/** Whether nothing in the package reaches outside it: nothing to refuse and nothing to strip. */
export function isSelfContained(parts: Parts): boolean {
  return refusalsIn(parts).length === 0 && withoutOutsideLinks(parts).removed.length === 0;
}

/** Whether a stored template holds what an upload is refused for (an export does not build on it). */
export function holdsRefused(bytes: Uint8Array): boolean {
  return refusalsIn(unzip(bytes)).length > 0;
}
