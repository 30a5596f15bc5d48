import { editorTexts } from '@shared/messages/editor';
import { SECTION_KEYS, SECTION_TITLES, type SectionKey } from '@shared/schemas/report-document';

const t = editorTexts.provenanceDialog;
const isSection = (key: string): key is SectionKey => (SECTION_KEYS as readonly string[]).includes(key);

/** `draft:findings` → "Draft: Findings & Analysis"; `enhance:swot` → "AI Enhance: SWOT Analysis"; anything else as it is. */
export function provenanceLabel(kind: string): string {
  const [verb, what = ''] = kind.split(':');
  const title = isSection(what) ? SECTION_TITLES[what] : what;
  if (verb === 'draft' && title) return t.draft(title);
  if (verb === 'enhance' && title) return t.enhance(title);
  return t.other(kind);
}
