/**
 * The check of an uploaded template, on its bytes alone, before anything keeps it:
 * - its name says Word (`.dotx`/`.docx`) or PowerPoint (`.potx`/`.pptx`); a macro-enabled name is refused;
 * - its size is within TEMPLATE_MAX_BYTES and it starts with the ZIP magic (`PK\x03\x04`);
 * - the zip-bomb guard: the central directory's entry count and declared sizes and ratios, then every part
 *   inflated and counted (the directory can lie), before it is opened;
 * - `[Content_Types].xml` names the main part the name promises (a Word document or template, a presentation
 *   or template), and nothing is macro-enabled (`macroEnabled` content types, any `vbaProject.bin`);
 * - a deck: its slide layouts, found by their `type` attribute, for each layout our slides use, with a stated
 *   fallback where one is missing (refused only when no layout can hold a title and text); which layout stands
 *   for which is the exports' choice (chooseLayouts), made in the one place that also applies it to a deck;
 * - a Word template: whether it has the `{{body}}` placeholder where the report goes (else it is appended);
 * - it fetches nothing (exports' outside-links.ts): refused with what was found when a part declares a DTD
 *   (`<!DOCTYPE`, `<!ENTITY`) or holds a field that fetches, an HTML/RTF chunk or an SVG reference out; every
 *   relationship to outside the package (linked pictures, objects, frames, hyperlinks, `file:` and `http:`
 *   targets alike) and any attached template or mail-merge source is stripped with the markup that used it, and
 *   a note says what went. Only the cleaned package is kept, drawn and built on.
 *
 * A template (`.dotx`/`.potx`) is kept as a document (its main part's content type changed), so every export
 * built on it opens as a document, not as a new file from a template.
 */
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { templatesDetails } from '@shared/messages/templates';
import { TEMPLATE_MAX_BYTES, TEMPLATE_ZIP_LIMITS, type TemplateKind, type TemplateLinkKind } from '@shared/schemas/templates';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../lib/errors';
import { checkInflatedSize, checkZipArchive } from '../evidence/zip-guard';
import { chooseLayouts, packageParts, packageZip, refusalsIn, withoutOutsideLinks, wordPlaceholders, type LayoutChoice, type RemovedLink, type SlideLayoutPart } from '../exports';
import { templateKindFromName } from './template-kind';

export { templateKindFromName };

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const WORD_TEMPLATE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml';
const DECK_MAIN = 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml';
const DECK_TEMPLATE = 'application/vnd.openxmlformats-officedocument.presentationml.template.main+xml';

const MAIN_PART: Record<TemplateKind, string> = { docx: '/word/document.xml', pptx: '/ppt/presentation.xml' };

export interface CheckedTemplate {
  kind: TemplateKind;
  /** the package to keep (a template's main part made a document's) */
  bytes: Uint8Array;
  layouts: LayoutChoice[];
  notes: string[];
  thumbnail: Uint8Array | null;
}

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const unescapeXml = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const SLIDE_LAYOUT = /^ppt\/slideLayouts\/slideLayout\d+\.xml$/;
/** The parts read here: the content types, the main parts, the slide layouts and the thumbnail (the rest are only named). */
const READ = /^(?:\[Content_Types\]\.xml|word\/document\.xml|ppt\/slideLayouts\/slideLayout\d+\.xml|docProps\/thumbnail\.jpe?g)$/;

/** A package's parts that were read, by path. */
type Parts = Record<string, Uint8Array>;

/** Every slide layout of a deck package, with its type (`cust` when it has none) and its name. */
function slideLayoutsOf(parts: Parts): SlideLayoutPart[] {
  const paths = Object.keys(parts).filter((p) => SLIDE_LAYOUT.test(p));
  paths.sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
  const out: SlideLayoutPart[] = [];
  for (const path of paths) {
    const xml = strFromU8(parts[path]!);
    const root = /<p:sldLayout\b[^>]*>/.exec(xml)?.[0] ?? '';
    const cSld = /<p:cSld\b[^>]*>/.exec(xml)?.[0] ?? '';
    out.push({ path, type: attr(root, 'type') ?? 'cust', name: unescapeXml(attr(cSld, 'name') ?? path.replace(/^.*\//, '')) });
  }
  return out;
}

/** The stripped links, by kind in the order first met, each kind with its targets. */
function byKind(removed: readonly RemovedLink[]): { kind: TemplateLinkKind; targets: string[] }[] {
  const out = new Map<TemplateLinkKind, string[]>();
  for (const r of removed) out.set(r.kind, [...(out.get(r.kind) ?? []), r.target]);
  return [...out].map(([kind, targets]) => ({ kind, targets }));
}

/** Checks an uploaded template by its bytes; throws a 4xx with a detail for each way it can be wrong. */
export async function checkTemplate(fileName: string, bytes: Uint8Array): Promise<CheckedTemplate> {
  const claimed = templateKindFromName(fileName);
  if (claimed === 'macro') throw new UnsupportedMediaTypeError(templatesDetails.templateMacros(fileName));
  if (!claimed) throw new UnsupportedMediaTypeError(templatesDetails.templateName(fileName));
  if (bytes.length > TEMPLATE_MAX_BYTES) throw new PayloadTooLargeError(templatesDetails.templateTooLarge(TEMPLATE_MAX_BYTES));
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) throw new UnsupportedMediaTypeError(templatesDetails.templateNotZip(fileName));

  const declared = await checkZipArchive(bytes, TEMPLATE_ZIP_LIMITS);
  if (!declared.ok) throw new PayloadTooLargeError(templatesDetails.templateBomb(declared.reason));
  const inflated = await checkInflatedSize(bytes, TEMPLATE_ZIP_LIMITS);
  if (!inflated.ok) throw new PayloadTooLargeError(templatesDetails.templateBomb(inflated.reason));

  // every entry's name; the bytes of the parts read here only
  const names: string[] = [];
  let parts: Parts;
  try {
    parts = unzipSync(bytes, {
      filter: ({ name }) => {
        names.push(name);
        return READ.test(name);
      },
    });
  } catch {
    throw new UnsupportedMediaTypeError(templatesDetails.templateNotZip(fileName));
  }
  if (names.some((p) => /(^|\/)vbaProject\.bin$/i.test(p))) throw new UnsupportedMediaTypeError(templatesDetails.templateMacros(fileName));
  const typesPart = parts['[Content_Types].xml'];
  if (!typesPart) throw new UnsupportedMediaTypeError(templatesDetails.templateContentTypes(fileName));
  const types = strFromU8(typesPart);
  if (/macroEnabled|vbaProject|vnd\.ms-office\.vba/i.test(types)) throw new UnsupportedMediaTypeError(templatesDetails.templateMacros(fileName));

  const mainOf = (part: string) => {
    const tag = new RegExp(`<Override\\b[^>]*PartName="${part.replace(/[/.]/g, '\\$&')}"[^>]*>`, 'i').exec(types)?.[0];
    return tag ? attr(tag, 'ContentType') : undefined;
  };
  const word = mainOf(MAIN_PART.docx);
  const deck = mainOf(MAIN_PART.pptx);
  const actual: TemplateKind | undefined = word === WORD_MAIN || word === WORD_TEMPLATE ? 'docx' : deck === DECK_MAIN || deck === DECK_TEMPLATE ? 'pptx' : undefined;
  const say = { docx: 'a Word document', pptx: 'a PowerPoint presentation' } as const;
  if (actual !== claimed) throw new UnsupportedMediaTypeError(templatesDetails.templateWrongKind(fileName, say[claimed], actual ? say[actual] : 'neither'));
  if (!names.includes(MAIN_PART[actual].slice(1))) throw new UnsupportedMediaTypeError(templatesDetails.templateContentTypes(fileName));

  const notes: string[] = [];
  let layouts: LayoutChoice[] = [];
  if (actual === 'pptx') {
    if (!names.some((p) => /^ppt\/slideMasters\/slideMaster\d+\.xml$/.test(p))) throw new BadRequestError(templatesDetails.templateNoMaster(fileName));
    const layoutParts = slideLayoutsOf(parts);
    if (!layoutParts.length) throw new BadRequestError(templatesDetails.templateNoMaster(fileName));
    const { choices, missing } = chooseLayouts(layoutParts);
    if (missing.length) throw new BadRequestError(templatesDetails.templateMissingLayouts(fileName, missing));
    layouts = choices;
    for (const c of choices) if (c.fallback) notes.push(templatesDetails.templateLayoutFallback(c.layout, c.name));
  } else {
    const placeholders = wordPlaceholders(strFromU8(parts['word/document.xml']!));
    if (!placeholders.any) notes.push(templatesDetails.templateWordSampleReplaced);
    else if (!placeholders.body) notes.push(templatesDetails.templateWordNoBody);
  }

  // nothing in it may fetch from outside it: what cannot be taken out is refused, the links are stripped
  const all = packageParts(bytes);
  const refusals = refusalsIn(all);
  const declarations = refusals.filter((r) => r.kind === 'declaration');
  if (declarations.length) throw new BadRequestError(templatesDetails.templateDeclarations(fileName, declarations));
  if (refusals.length) throw new BadRequestError(templatesDetails.templateFetchesContent(fileName, refusals.flatMap(({ kind, part, name }) => (kind === 'declaration' ? [] : [{ kind, part, name }]))));
  const cleaned = withoutOutsideLinks(all);
  if (cleaned.removed.length) notes.push(templatesDetails.templateLinksRemoved(byKind(cleaned.removed)));

  // a template is kept as a document, so what is built on it opens as one
  const normalised = types.replace(WORD_TEMPLATE, WORD_MAIN).replace(DECK_TEMPLATE, DECK_MAIN);
  let out = bytes;
  if (normalised !== types || cleaned.removed.length) {
    cleaned.parts['[Content_Types].xml'] = strToU8(normalised);
    out = packageZip(cleaned.parts);
  }
  let thumbnail: Uint8Array | null = parts['docProps/thumbnail.jpeg'] ?? parts['docProps/thumbnail.jpg'] ?? null;
  if (thumbnail && !(thumbnail[0] === 0xff && thumbnail[1] === 0xd8 && thumbnail[2] === 0xff)) thumbnail = null;
  return { kind: actual, bytes: out, layouts, notes, thumbnail };
}
