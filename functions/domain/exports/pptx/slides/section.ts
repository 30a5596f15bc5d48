/** A section without a storyline of its own: its groups of points, then its tables, charts and SWOT, each on slides of its kind. */
import { exportsTexts } from '@shared/messages/exports';
import type { Block } from '../../blocks';
import { plainText, type ExportSection } from '../../model';
import type { PlanContext } from '../deck-slide';
import { DECK_LIMITS } from '../style';
import { marksRun, p, run, shorten } from '../text';
import { figureSlide } from './figure';
import { citationsOf, groupsOf, isSentence, pointSlides } from './points';
import { swotSlide } from './swot';
import { tableSlides } from './table';

const k = exportsTexts.deck;

/** A table's title when no sentence leads it: what it lists, named by its first column of words (not numbers). */
function tableTitle(topic: string, table: Extract<Block, { kind: 'table' }>): string {
  const columns = table.header.map((_, c) => table.rows.map((r) => plainText(r[c] ?? []).trim()));
  const names = columns.find((col) => col.some((x) => x && !/^[-+\d.,%\s]+$/.test(x))) ?? [];
  // a web address in brackets after a name is the table's detail, not the title's
  const named = names.map((x) => x.replace(/\s*\([^()]*:\/\/[^()]*\)\s*$/, '').trim()).filter(Boolean);
  return k.tableTitle(topic, table.rows.length, named.map((x) => shorten(x, 48)));
}

export function sectionSlides(ctx: PlanContext, section: ExportSection): void {
  for (const g of groupsOf(section)) {
    // a sentence alone before a table is the table's title, not a slide of its own with nothing under it
    const leadsTable = g.points.length === 1 && isSentence(g.points[0]) && g.visuals.some((v) => v.kind === 'table');
    if (g.points.length && !leadsTable) pointSlides(ctx, section, g);
    const kicker = [section.title, g.heading].filter(Boolean).join(' · ');
    let leadCitations = leadsTable ? g.points[0]!.citations : [];
    for (const v of g.visuals) {
      if (v.kind === 'table') {
        const lead = g.points[0] && isSentence(g.points[0]) && !g.points.slice(1).length ? g.points[0].text : tableTitle(g.heading || section.title, v);
        const rowCitations = v.rows.map((r, i) => [...(i === 0 ? leadCitations : []), ...r.flatMap(citationsOf)]);
        leadCitations = [];
        tableSlides(
          ctx,
          'table',
          kicker,
          lead,
          v.header.map((h) => plainText(h)),
          v.rows.map((r) => r.map((c) => ({ text: plainText(c), paras: [p([run(shorten(plainText(c), DECK_LIMITS.cellChars)), ...marksRun(citationsOf(c))])] }))),
          v.weights,
          rowCitations,
          v.align.map((a) => a ?? 'left'),
        );
      } else if (v.kind === 'figure') figureSlide(ctx, section.title, v);
      else if (v.kind === 'swot') {
        swotSlide(
          ctx,
          v.quadrants.map((q) => ({ title: q.title, items: q.items.map((item, i) => ({ label: `${q.title.charAt(0)}${i + 1}`, text: plainText(item).trim(), citations: citationsOf(item) })) })),
          section.title,
        );
      }
    }
  }
}
