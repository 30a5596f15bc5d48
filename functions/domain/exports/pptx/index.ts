/**
 * The PowerPoint deck (pptxgenjs), told as a consultant tells it: the answer first, then the argument.
 *
 * - a title slide; then the executive summary: the governing thought as the title, the key lines beside the
 *   priority actions;
 * - every content slide has an action title, a full sentence taken from the report's own words (a finding's
 *   point, the governing thought, the recommendations' titles) or from its numbers (the scores' spread), never
 *   a section number; a kicker above it says where in the report the slide is;
 * - the findings: the dimension scores as a native bar chart (whether or not anyone inserted one), then one
 *   theme per slide with its figure as a callout and its evidence as a short, attributed quote;
 * - the SWOT as a 2×2, the recommendations as a table of priority, impact and effort, the roadmap as a gantt
 *   of shapes; charts inserted into the report as native charts (bar, line, pie) or pictures;
 * - every other section as slides of points, each titled by its lead sentence; the sources on closing slides;
 *   every slide's citations, and anything cut to fit, in its speaker notes.
 *
 * Building a deck is two steps. `planDeck` (plan.ts) lays every slide out (pure): each slide kind (slides/)
 * chooses a named layout (layouts.ts), measures every text against its box and shrinks it within limits, splits
 * it onto continuation slides or cuts it with "…" (the whole text going to the notes), so no slide overflows.
 * `renderPptx` (write.ts) then writes the plan with pptxgenjs and finishes it (template/finish.ts): on a firm's
 * template, the slides are moved onto its masters and layouts (template/graft.ts).
 *
 * Two seams: every measure and fit of text is in fit-text.ts, and every choice of a firm's layout for our slides
 * (when its template is checked, and when a deck is moved onto it) is in template/choose-layout.ts; how our text
 * takes a layout's placeholders is template/placeholders.ts.
 */
export { sourceList } from './citations';
export type { DeckSlide, TextItem } from './deck-slide';
export { fits, fitSize, lineCount, para, textHeight, textWidth, truncateToFit } from './fit-text';
export { FRAME, LAYOUTS, SLIDE } from './layouts';
export { planDeck } from './plan';
export { chartTakeaway } from './slides/figure';
export { groupsOf, mergeSmall } from './slides/points';
export { DECK_LIMITS, TYPE } from './style';
export { labelWaterfall } from './template/finish';
export { firstSentence, shorten } from './text';
export { KICKER_NAME, renderPptx } from './write';
