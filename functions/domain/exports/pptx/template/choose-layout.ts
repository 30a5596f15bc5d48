/**
 * The one place that chooses a firm's layouts for our slides. When a deck template is checked, each layout our
 * slides use (title, title-and-content, two-content, section, blank) is matched to the template's slide layout
 * by its OOXML type, best first, with a stated fallback where the best is missing; when a deck is moved onto
 * the template, each slide takes the layout chosen for its own.
 */
import { TEMPLATE_LAYOUTS, type TemplateLayout } from '@shared/schemas/templates';
import type { ExportTemplate } from '../../export-template';
import type { LayoutName } from '../layouts';
import type { PreparedTemplate } from './prepare';

/** OOXML slide layout types (ST_SlideLayoutType) that can stand for each layout, best first. */
const LAYOUT_CANDIDATES: Record<TemplateLayout, readonly string[]> = {
  title: ['title', 'secHead', 'obj', 'tx'],
  'title-and-content': ['obj', 'tx'],
  'two-content': ['twoObj', 'twoTxTwoObj', 'obj', 'tx'],
  section: ['secHead', 'title', 'obj', 'tx'],
  blank: ['blank', 'titleOnly', 'obj', 'tx'],
};

export interface SlideLayoutPart {
  /** path in the package, such as `ppt/slideLayouts/slideLayout2.xml` */
  path: string;
  type: string;
  name: string;
}

export interface LayoutChoice {
  layout: TemplateLayout;
  path: string;
  name: string;
  fallback: boolean;
}

/** The template's layout for each layout a deck uses, or the names of those nothing can stand in for. */
export function chooseLayouts(parts: readonly SlideLayoutPart[]): { choices: LayoutChoice[]; missing: TemplateLayout[] } {
  const choices: LayoutChoice[] = [];
  const missing: TemplateLayout[] = [];
  for (const layout of TEMPLATE_LAYOUTS) {
    const candidates = LAYOUT_CANDIDATES[layout];
    let found: LayoutChoice | undefined;
    for (const [i, type] of candidates.entries()) {
      const part = parts.find((p) => p.type === type);
      if (part) {
        found = { layout, path: part.path, name: part.name, fallback: i > 0 };
        break;
      }
    }
    if (found) choices.push(found);
    else missing.push(layout);
  }
  return { choices, missing };
}

/**
 * Which layout of the template a slide of ours takes when the deck is moved onto it: the one chosen for its
 * layout when the template was checked; title-only takes the template's Title Only layout if it has one (else
 * title-and-content's); anything unmatched the template's first layout.
 */
export function layoutChooser(template: ExportTemplate, prep: Pick<PreparedTemplate, 'layouts' | 'titleOnly'>): (name: LayoutName) => string {
  const byName = new Map(template.layouts.map((l) => [l.layout, l.path]));
  return (name: LayoutName): string => (name === 'title-only' ? (prep.titleOnly ?? byName.get('title-and-content')) : byName.get(name)) ?? prep.layouts[0]!.path;
}
