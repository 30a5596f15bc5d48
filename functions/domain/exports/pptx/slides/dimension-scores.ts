/** The dimension scores as a native bar chart: the one the report holds, else one drawn from the step's scores. */
import type { ChartData } from '@shared/domain/report/chart-data';
import { exportsTexts } from '@shared/messages/exports';
import { DEFAULT_VISUAL_OPTIONS, type Visual } from '@shared/schemas/visuals';
import type { ExportFigure, FigureBlock } from '../../blocks';
import { allBlocks, type ExportSection } from '../../model';
import type { PlanContext } from '../deck-slide';
import { newSlide, region } from './content-slide';
import { pictureOf } from './figure';

const d = exportsTexts.document;
const k = exportsTexts.deck;

/** The dimension-score chart: a dimension-score bar chart the report holds, else one drawn from the step's scores. */
export function dimensionSlide(ctx: PlanContext, section: ExportSection): void {
  const dims = ctx.model.story.dimensions;
  if (!dims.length) return;
  const inserted = [...allBlocks(section.blocks)].find(
    (b): b is FigureBlock & { figure: ExportFigure } => b.kind === 'figure' && b.figure !== null && b.figure.visual.type === 'bar' && b.figure.visual.binding.source === 'dimension-scores',
  );
  let figure: ExportFigure;
  if (inserted) {
    figure = inserted.figure;
    ctx.shown.add(inserted.visualId);
  } else {
    const sorted = [...dims].sort((a, b) => b.score - a.score);
    const visual: Visual = {
      id: 'deck-dimension-scores',
      report_id: ctx.model.reportId,
      type: 'bar',
      title: k.dimensionScores,
      caption: '',
      binding: { source: 'dimension-scores', include_out_of_scope: false },
      options: { ...DEFAULT_VISUAL_OPTIONS, orientation: 'horizontal', show_values: true, show_legend: false, y_label: k.scoreAxis, x_label: ' ' },
      status: 'completed',
      version: 1,
      updated_by: '',
      updated_at: ctx.model.generatedAt.toISOString(),
      created_at: ctx.model.generatedAt.toISOString(),
    };
    const data: ChartData = {
      categories: sorted.map((x) => x.dimension),
      series: [{ name: k.dimensionScores, values: sorted.map((x) => x.score) }],
      bars: [],
      tasks: [],
      groups: [],
      columns: [d.contents, k.dimensionScores],
      rows: sorted.map((x) => [x.dimension, String(x.score)]),
      category_label: '',
      value_label: k.scoreAxis,
      message: null,
      notes: [],
      currency: '',
      source: null,
    };
    figure = { visual, data };
  }
  const best = [...dims].sort((a, b) => b.score - a.score)[0]!;
  const worst = [...dims].sort((a, b) => a.score - b.score)[0]!;
  const title = best.score === worst.score ? k.scoresEven(best.score, dims.length) : k.scoresTitle(best.dimension, best.score, worst.dimension, worst.score);
  const s = newSlide(ctx, 'dimension-scores', 'title-only', k.findings, title);
  const box = region(ctx, 'title-only', 'body');
  const native = ctx.charts.pptx(figure);
  const alt = `${k.dimensionScores}: ${dims.map((x) => `${x.dimension} ${x.score}`).join(', ')}`;
  if (native) {
    native.options = {
      ...native.options,
      showTitle: false,
      valAxisMinVal: 0,
      valAxisMaxVal: 100,
      valAxisMajorUnit: 20,
      showValue: true,
      dataLabelFontSize: 12,
      catAxisLabelFontSize: 13,
      valAxisLabelFontSize: 11,
      showCatAxisTitle: false,
      barGapWidthPct: 60,
      valGridLine: { color: 'E2E8F0', style: 'solid', size: 0.5 },
    };
    s.items.push({ kind: 'chart', box, chart: native, alt });
  } else {
    s.items.push(pictureOf(ctx, figure, box, alt));
  }
  s.notes.push(alt);
}
