/** Texts of the firm templates' previews on Finalize & Brand (the others are in brand.ts, `messages.finalize`), and the template routes' error details. */
import { formatBytes } from './format';

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
  templateWordNoBody: 'The template has no {{body}} placeholder: the report follows the template’s own pages',
  templateLayoutFallback: (layout: string, used: string) => `No ${layout} layout: slides of that kind use the layout "${used}"`,
} as const;
