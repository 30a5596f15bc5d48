/**
 * The one place that chooses a firm's layouts for our slides, when a deck template is checked (chooseLayouts: by
 * what the layout parts say of themselves) and when a deck is moved onto it (chooseDeckLayouts: with what only the
 * whole package tells). A layout stands for each of ours, best first:
 * - by its OOXML type (`title`, `obj`, `twoObj`, `secHead`, `titleOnly`, `blank`);
 * - by its name, as PowerPoint names its layouts in English, French, German, Spanish and Italian ("Title Slide",
 *   "Titre", "Titelfolie", …): LibreOffice types its title slide's layout `tx`;
 * - by its placeholders (a title with a subtitle and no body is a title slide);
 * - then a stated fallback (another layout that can hold a title and text).
 *
 * A template with several masters: content slides take the master the template's own content slides use (its
 * slides after the first, the cover), else the master with the most content layouts, the one whose artwork
 * covers the least of its content area first, and not the cover's; the cover takes the layout of the template's
 * own cover when that is a title layout, else a title layout on the cover's master, else on the content master.
 */
import { TEMPLATE_LAYOUTS, type TemplateLayout } from '@shared/schemas/templates';
import type { LayoutName } from '../layouts';

export interface SlideLayoutPart {
  /** path in the package, such as `ppt/slideLayouts/slideLayout2.xml` */
  path: string;
  type: string;
  name: string;
  /** the master it belongs to, when the whole package is read */
  master?: string;
  /** its placeholders' types, when the whole package is read */
  placeholders?: readonly string[];
}

export interface LayoutChoice {
  layout: TemplateLayout;
  path: string;
  name: string;
  fallback: boolean;
}

/** What the whole package tells of how the template is used. */
export interface TemplateUse {
  /** the layout of each of the template's own slides, in order */
  slides: readonly string[];
  /** how much of each master's content area its artwork covers (0 to 1), by master path */
  artwork: ReadonlyMap<string, number>;
}

const TITLE_NAME = /^(title|title slide|titre|diapositive de titre|titelfolie|diapositiva de t[ií]tulo|diapositiva titolo)$/i;
const SECTION_NAME = /(section header|section title|en-t[êe]te de section|abschnitts[üu]berschrift|encabezado de secci[óo]n|intestazione sezione)/i;
const TITLE_ONLY_NAME = /^(title only|titre seul|nur titel|s[óo]lo (el )?t[ií]tulo|solo titolo)$/i;

const TITLES = ['title', 'ctrTitle'];
const BODIES = ['body', 'obj', 'subTitle'];
const count = (p: SlideLayoutPart, kinds: readonly string[]) => (p.placeholders ?? []).filter((t) => kinds.includes(t)).length;
const shape = (p: SlideLayoutPart, titles: number, bodies: number) => p.placeholders !== undefined && count(p, TITLES) === titles && count(p, BODIES.filter((b) => b !== 'subTitle')) === bodies;

/** A title slide's layout: by type, by name, or by its placeholders (a centred title, or a title with a subtitle and no body). */
export const isTitleLayout = (p: SlideLayoutPart): boolean =>
  p.type === 'title' || TITLE_NAME.test(p.name.trim()) || count(p, ['ctrTitle']) > 0 || (shape(p, 1, 0) && count(p, ['subTitle']) > 0);

type Test = (p: SlideLayoutPart) => boolean;
const typed =
  (...types: string[]): Test =>
  (p) =>
    types.includes(p.type);
const notTitle =
  (test: Test): Test =>
  (p) =>
    test(p) && !isTitleLayout(p);

/** The layouts that can stand for each of ours, best first; those after `exact` are stated fallbacks. */
const CANDIDATES: Record<LayoutName, { exact: number; tests: readonly Test[] }> = {
  title: { exact: 3, tests: [typed('title'), (p) => TITLE_NAME.test(p.name.trim()), isTitleLayout, typed('secHead'), notTitle(typed('obj')), notTitle(typed('tx'))] },
  'title-and-content': { exact: 2, tests: [typed('obj'), notTitle((p) => shape(p, 1, 1)), notTitle(typed('tx'))] },
  'two-content': { exact: 3, tests: [typed('twoObj'), typed('twoTxTwoObj'), notTitle((p) => shape(p, 1, 2)), notTitle(typed('obj')), notTitle(typed('tx'))] },
  section: { exact: 2, tests: [typed('secHead'), (p) => SECTION_NAME.test(p.name), isTitleLayout, notTitle(typed('obj')), notTitle(typed('tx'))] },
  'title-only': { exact: 3, tests: [typed('titleOnly'), (p) => TITLE_ONLY_NAME.test(p.name.trim()), notTitle((p) => shape(p, 1, 0)), notTitle(typed('obj')), notTitle(typed('tx'))] },
  blank: { exact: 1, tests: [typed('blank'), typed('titleOnly'), notTitle(typed('obj')), notTitle(typed('tx'))] },
};

/** The best layout for one of ours among `parts`, and whether it is a fallback. */
function best(layout: LayoutName, parts: readonly SlideLayoutPart[]): { part: SlideLayoutPart; fallback: boolean } | undefined {
  const { exact, tests } = CANDIDATES[layout];
  for (const [i, test] of tests.entries()) {
    const part = parts.find(test);
    if (part) return { part, fallback: i >= exact };
  }
  return undefined;
}

/** The template's layout for each layout a deck uses, or the names of those nothing can stand in for (when a template is checked). */
export function chooseLayouts(parts: readonly SlideLayoutPart[]): { choices: LayoutChoice[]; missing: TemplateLayout[] } {
  const choices: LayoutChoice[] = [];
  const missing: TemplateLayout[] = [];
  for (const layout of TEMPLATE_LAYOUTS) {
    const found = best(layout, parts);
    if (found) choices.push({ layout, path: found.part.path, name: found.part.name, fallback: found.fallback });
    else missing.push(layout);
  }
  return { choices, missing };
}

const isContent: Test = (p) => CANDIDATES['title-and-content'].tests.some((t) => t(p)) || typed('twoObj', 'titleOnly')(p);

/** The master content slides go on (see the module's comment). */
function contentMaster(parts: readonly SlideLayoutPart[], use: TemplateUse): string | undefined {
  const byPath = new Map(parts.map((p) => [p.path, p]));
  const cover = byPath.get(use.slides[0] ?? '')?.master;
  const used = new Map<string, number>();
  for (const path of use.slides.slice(1)) {
    const p = byPath.get(path);
    if (p?.master && isContent(p)) used.set(p.master, (used.get(p.master) ?? 0) + 1);
  }
  if (used.size) return [...used].sort((a, b) => b[1] - a[1])[0]![0];
  const masters = [...new Set(parts.map((p) => p.master).filter((m): m is string => m !== undefined))];
  const contentLayouts = (m: string) => parts.filter((p) => p.master === m && typed('obj')(p)).length;
  return masters
    .map((m, order) => ({ m, order }))
    .sort((a, b) => contentLayouts(b.m) - contentLayouts(a.m) || (use.artwork.get(a.m) ?? 0) - (use.artwork.get(b.m) ?? 0) || Number(a.m === cover) - Number(b.m === cover) || a.order - b.order)[0]?.m;
}

/**
 * The template's layout for each of our layouts when a deck is moved onto it (a path each; every template that
 * passed the check has a layout for a title and text).
 */
export function chooseDeckLayouts(parts: readonly SlideLayoutPart[], use: TemplateUse): Record<LayoutName, string> {
  const master = contentMaster(parts, use);
  const own = parts.filter((p) => p.master === master);
  const pick = (layout: LayoutName) => (best(layout, own) ?? best(layout, parts))?.part;
  const content = pick('title-and-content') ?? parts[0]!;
  const cover = parts.find((p) => p.path === use.slides[0]);
  const title = [cover, ...parts.filter((p) => p.master === cover?.master), ...own, ...parts].find((p) => p !== undefined && isTitleLayout(p)) ?? pick('title') ?? content;
  return {
    title: title.path,
    'title-and-content': content.path,
    'two-content': (pick('two-content') ?? content).path,
    'title-only': (pick('title-only') ?? content).path,
    section: (pick('section') ?? title).path,
    blank: (pick('blank') ?? content).path,
  };
}
