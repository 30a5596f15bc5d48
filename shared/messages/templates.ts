/** Texts of the firm templates' previews on Finalize & Brand (the others are in brand.ts, `messages.finalize`), and the template routes' error details. */
import type { TemplateLinkKind } from '../schemas/templates';
import { formatBytes } from './format';

/** At most this many of a list are named in a detail, the rest counted. */
const NAMED = 3;
const some = (items: readonly string[]) => (items.length > NAMED ? `${items.slice(0, NAMED).join('; ')} and ${items.length - NAMED} more` : items.join('; '));
const short = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s);
const counted = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

/** What a stripped link was, as a note says it, for `n` of them. */
const LINK_WORDS: Record<TemplateLinkKind, (n: number) => string> = {
  picture: (n) => counted(n, 'a linked picture', 'linked pictures'),
  object: (n) => counted(n, 'a linked object', 'linked objects'),
  attachedTemplate: () => 'the attached template',
  hyperlink: (n) => counted(n, 'a hyperlink, kept as text', 'hyperlinks, kept as text'),
  frame: (n) => counted(n, 'a linked frame', 'linked frames'),
  media: (n) => counted(n, 'linked sound or video', 'linked sounds or videos'),
  subDocument: (n) => counted(n, 'a linked sub-document', 'linked sub-documents'),
  mailMerge: () => 'the mail-merge data source',
  other: (n) => counted(n, 'a link to outside the file', 'links to outside the file'),
};

/** What a refused template holds that would fetch content when it is opened. */
export interface TemplateFetching {
  part: string;
  kind: 'field' | 'altChunk' | 'svg';
  name: string;
}

export const templateTexts = {
  previewAlt: (name: string, n: number) => `Preview ${n} of ${name}`,
} as const;

export const templatesDetails = {
  templateName: (name: string) => `${name} is not an accepted template type (.dotx, .docx, .potx, .pptx)`,
  templateTooLarge: (max: number) => `The template is larger than ${formatBytes(max)}, the limit for templates`,
  templateNotZip: (name: string) => `${name} is not what its name says: it is not a Word or PowerPoint file (an Office file is a ZIP package)`,
  templateBomb: (reason: string) => `The template was refused: ${reason}`,
  templateContentTypes: (name: string) => `${name} has no readable [Content_Types].xml, so it is not a Word or PowerPoint file`,
  templateWrongKind: (name: string, expected: string, actual: string) => `${name} is not what its name says: its name says ${expected} but its content is ${actual}`,
  templateMacros: (name: string) => `${name} holds macros (a macro-enabled template or a vbaProject.bin); save it as .dotx/.potx without macros and upload it again`,
  templateNoMaster: (name: string) => `${name} has no slide master or slide layouts to build slides on`,
  templateMissingLayouts: (name: string, missing: readonly string[]) =>
    `${name} lacks the slide layouts ${missing.join(', ')} and has no layout to stand in for them; add them to its slide master and upload it again`,
  templateFirmAdminOnly: 'Only administrators may change the firm’s templates; a client’s lead may add a template for that client',
  templateNotFound: 'Template not found',
  templatesFull: (max: number) => `At most ${max} templates may be kept here; delete one first`,
  templateForeign: 'template_id must be a firm template or one of this report’s client',
  templateCannotExport: (name: string, reason: string) =>
    `${name} was refused: a trial export on it could not be made (${reason}), so no report could be exported on it. Open it in Word or PowerPoint, save it again and upload it again`,
  templateWordNoBody: 'The template has no {{body}} placeholder: the report follows the template’s own pages',
  templateWordSampleReplaced:
    'The template has no placeholders, so the report will replace its sample text: its title lines (Title, Subtitle, or else its first heading) will show the report’s title, client, date and author, and its sample headings and paragraphs will be left out. Its page size and margins, headers, footers, logo and styles are kept',
  templateLayoutFallback: (layout: string, used: string) => `No ${layout} layout: slides of that kind use the layout "${used}"`,
  templateDeclarations: (name: string, found: readonly { part: string; name: string }[]) =>
    `${name} was refused: ${some([...new Set(found.map((f) => `${f.part} has a${/^[AEIOU]/.test(f.name) ? 'n' : ''} ${f.name} declaration`))])}. A template's XML may declare no DOCTYPE or entities (they can make a reader fetch files or addresses); save it again from Word or PowerPoint and upload it again`,
  templateFetchesContent: (name: string, found: readonly TemplateFetching[]) =>
    `${name} was refused: ${some([
      ...new Set(
        found.map((f) =>
          f.kind === 'field' ? `the field ${f.name} in ${f.part}`
          : f.kind === 'altChunk' ? `an embedded HTML or RTF chunk (altChunk) in ${f.part}`
          : `the SVG picture ${f.part}, which refers to ${short(f.name)}`,
        ),
      ),
    ])} would fetch content from outside the template when it is opened. Remove it and upload the template again`,
  templateLinksRemoved: (removed: readonly { kind: TemplateLinkKind; targets: readonly string[] }[]) =>
    `Removed, because a template may fetch nothing from outside itself: ${removed
      .map(({ kind, targets }) => {
        const named = [...new Set(targets.filter(Boolean))];
        const listed = named.length ? ` (${named.slice(0, NAMED).map(short).join(', ')}${named.length > NAMED ? ', …' : ''})` : '';
        return `${LINK_WORDS[kind](targets.length)}${listed}`;
      })
      .join('; ')}`,
} as const;
