/** The recommendations as a table of priority, impact and effort, titled by the first action; their rationale in the notes. */
import { asTitle } from '@shared/domain/report/sentences';
import { exportsTexts } from '@shared/messages/exports';
import type { ExportSection } from '../../model';
import type { StoryRecommendation } from '../../story';
import type { PlanContext, SlideRun } from '../deck-slide';
import { DECK_LIMITS, MUTED } from '../style';
import { p, run, shorten } from '../text';
import { figureSlides } from './figure';
import { tableSlides, type CellSpec } from './table';

const k = exportsTexts.deck;

/** The recommendations a summary names: the high-priority ones first, at most three. */
export function priorityRecommendations(recs: readonly StoryRecommendation[]): StoryRecommendation[] {
  const order = { high: 0, medium: 1, low: 2 } as const;
  return [...recs]
    .filter((r) => !r.deferred)
    .sort((a, b) => order[a.priority] - order[b.priority] || b.impact - a.impact || a.effort - b.effort)
    .slice(0, DECK_LIMITS.actions);
}

/** The recommendations' title: the first action, and how many follow it (the table lists them all). */
function recommendationsTitle(recs: readonly StoryRecommendation[]): string {
  const first = priorityRecommendations(recs)[0] ?? recs[0];
  if (!first) return '';
  return k.recommendationsLead(asTitle(first.title), recs.length - 1);
}

function ratingRuns(ctx: PlanContext, n: number): SlideRun[] {
  return [run('●'.repeat(n), { color: ctx.colours.heading }), run('●'.repeat(5 - n), { color: 'CBD5E1' })];
}

export function recommendationSlides(ctx: PlanContext, kicker: string, section: ExportSection): void {
  const recs = ctx.model.story.recommendations;
  const cols = k.recommendationColumns;
  const header = [cols.label, cols.recommendation, cols.priority, cols.impact, cols.effort, cols.owner];
  const rows: CellSpec[][] = recs.map((r) => {
    const title = shorten(r.title, 160);
    const kpi = r.kpi ? shorten(k.successMeasure(r.kpi), 140) : '';
    return [
      r.label,
      { text: [title, kpi].filter(Boolean).join(' '), paras: [p([run(title, { bold: true })]), ...(kpi ? [p([run(kpi, { color: MUTED })], { scale: 0.85, spaceBefore: 2 })] : [])] },
      r.deferred ? `${k.priority(r.priority)} (${k.deferred.toLowerCase()})` : k.priority(r.priority),
      { text: `${r.impact}/5`, paras: [p(ratingRuns(ctx, r.impact))] },
      { text: `${r.effort}/5`, paras: [p(ratingRuns(ctx, r.effort))] },
      r.owner || '–',
    ];
  });
  tableSlides(ctx, 'recommendations', kicker, recommendationsTitle(recs), header, rows, [0.55, 6.0, 1.6, 1.05, 1.05, 1.9], recs.map((r) => r.citations));
  // the rationale of each recommendation, in the notes of the slides that list them
  const first = ctx.slides.findIndex((x) => x.kind === 'recommendations');
  if (first >= 0) ctx.slides[first]!.notes.unshift(...recs.map((r) => `${r.label} ${r.title}${r.rationale ? `: ${r.rationale}` : ''}`));
  figureSlides(ctx, section);
}
