/** The findings, told: the dimension scores, one theme per slide, the themes beyond those in a table, the section's charts. */
import { asTitle } from '@shared/domain/report/sentences';
import { exportsTexts } from '@shared/messages/exports';
import type { ExportSection } from '../../model';
import type { StoryTheme } from '../../story';
import type { PlanContext } from '../deck-slide';
import { DECK_LIMITS } from '../style';
import { dimensionSlide } from './dimension-scores';
import { figureSlides } from './figure';
import { tableSlides } from './table';
import { themeSlide } from './theme';

const k = exportsTexts.deck;

/** Themes beyond the ones told one per slide: a table of their points. */
function furtherFindings(ctx: PlanContext, themes: readonly StoryTheme[]): void {
  if (!themes.length) return;
  const cols = k.findingColumns;
  const header = [cols.finding, cols.dimension, cols.impact];
  const rows = themes.map((t) => [`${t.label ? `${t.label} ` : ''}${asTitle(t.title)}`, t.dimension, k.impact(t.impact)]);
  tableSlides(ctx, 'further-findings', k.findings, k.furtherFindings(themes.length), header, rows, [8.1, 2.6, 1.433], themes.map((t) => t.citations));
}

export function findingSlides(ctx: PlanContext, section: ExportSection): void {
  dimensionSlide(ctx, section);
  const themes = ctx.model.story.themes;
  for (const t of themes.slice(0, DECK_LIMITS.themeSlides)) themeSlide(ctx, t);
  furtherFindings(ctx, themes.slice(DECK_LIMITS.themeSlides));
  figureSlides(ctx, section);
}
