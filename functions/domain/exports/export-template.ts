/**
 * A firm's template an export is built on: its package (a Word document or a deck, checked when it
 * was uploaded) and, for a deck, the template's slide layout stated for each layout our slides use when it was
 * checked (a deck is moved onto the layouts chosen again from the whole package, which the check does not read:
 * which master the template's own slides use, its placeholders; pptx/template/choose-layout.ts). The export
 * reads it through the data layer (load-template.ts) or is handed it (a template's previews); it never asks the
 * templates area for it.
 */
export interface ExportTemplate {
  kind: 'docx' | 'pptx';
  bytes: Uint8Array;
  /** the template's id and version (S3 ETag): what it is prepared once for, per container; none, no caching */
  key?: string;
  layouts: readonly { layout: 'title' | 'title-and-content' | 'two-content' | 'section' | 'blank'; path: string; name: string; fallback: boolean }[];
}
