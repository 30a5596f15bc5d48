/**
 * A slide's citations: the line under its content naming the sources it quotes, the passages in its speaker
 * notes, and the list of sources the closing slides show.
 */
import { exportsTexts } from '@shared/messages/exports';
import { citationNote, type ExportModel } from '../model';
import type { DeckSlide, PlanContext } from './deck-slide';
import { MUTED, TYPE } from './style';
import { p, run, textItem } from './text';

const d = exportsTexts.document;
const k = exportsTexts.deck;

export function citationLines(ctx: PlanContext, numbers: readonly number[]): string[] {
  const lines = [...new Set(numbers)]
    .sort((a, b) => a - b)
    .flatMap((n) => {
      const c = ctx.model.citations[n - 1];
      if (!c) return [];
      const note = citationNote(c);
      return [`[${n}] ${note.source}${note.quote ? `: “${note.quote}”` : ''}`];
    });
  return lines.length ? [`${d.notesFor}\n${lines.join('\n')}`] : [];
}

/** The sources: each cited source once, with the numbers of the citations that quote it (the passages are in the notes). */
export function sourceList(model: ExportModel, numbers?: readonly number[]): { source: string; numbers: number[] }[] {
  const wanted = numbers ? new Set(numbers) : null;
  const bySource = new Map<string, number[]>();
  for (const c of model.citations) {
    if (wanted && !wanted.has(c.n)) continue;
    const source = citationNote(c).source;
    bySource.set(source, [...(bySource.get(source) ?? []), c.n]);
  }
  return [...bySource].map(([source, n]) => ({ source, numbers: n }));
}

/** The line under a slide's content naming the sources its citations quote. */
export function sourcesLine(ctx: PlanContext, s: DeckSlide, numbers: readonly number[], extra = ''): void {
  const list = sourceList(ctx.model, numbers).map((x) => `${x.source} [${x.numbers.join(', ')}]`);
  const text = [extra, list.length ? k.sourceLine(list) : ''].filter(Boolean).join('. ');
  if (!text) return;
  const box = ctx.frame.layouts[s.layout].regions.sources;
  if (box) {
    const shown = ctx.m.truncateToFit(text, box, TYPE.sources);
    s.items.push(textItem('sources', box, [p([run(shown)])], TYPE.sources, { color: MUTED, valign: 'bottom' }));
  }
  s.notes.push(...citationLines(ctx, numbers));
}
