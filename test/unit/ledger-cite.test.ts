/** The Figures panel's fix: a ledger entry found in the section's text as it is now, and a citation put on its sentence. */
import { describe, expect, it } from 'vitest';
import { citeOnSentence, placeFigure } from '@shared/domain/ledger/cite';
import { ledgerOfPart, type MeasureReader } from '@shared/domain/ledger/ledger';

const READ: MeasureReader = (sentence) => /fuel costs|ebitda margin|revenue/i.exec(sentence)?.[0].toLowerCase() ?? null;
const entriesOf = (text: string, citations: { id: string; quote: string }[] = []) => ledgerOfPart({ part: 'section:findings', text, citations }, { measureOf: READ }).entries;
const QUOTE = { id: 'ask1', quote: 'Fuel costs rose 21% year on year.' };

describe('a citation put on an unsupported figure', () => {
  it('goes before the full stop of its sentence, and the figure is then cited', () => {
    // Prepare
    const text = 'Margins are thin. Fuel costs rose 21% last year. Staff turnover is high.';
    const [entry] = entriesOf(text);
    // Act
    const placed = placeFigure(text, entry!)!;
    const next = citeOnSentence(text, placed, QUOTE.id);
    // Assess
    expect(next.content).toBe('Margins are thin. Fuel costs rose 21% last year [@ask1]. Staff turnover is high.');
    expect(entriesOf(next.content, [QUOTE])).toMatchObject([{ text: '21%', support: 'cited', citation_id: 'ask1' }]);
  });

  it('goes after the marks a sentence carries already', () => {
    const text = 'Fuel costs rose 21% last year. [@c1]\n\nNext paragraph.';
    const [entry] = entriesOf(text);
    const next = citeOnSentence(text, placeFigure(text, entry!)!, 'ask1');
    expect(next.content).toBe('Fuel costs rose 21% last year. [@c1] [@ask1]\n\nNext paragraph.');
    expect(entriesOf(next.content, [{ id: 'c1', quote: 'Unrelated.' }, QUOTE])[0]).toMatchObject({ support: 'cited', citation_id: 'ask1' });
  });

  it('goes right after the figure in a table row', () => {
    const text = '| Measure | FY2024 |\n| --- | ---: |\n| Fuel costs | 21% |';
    const [entry] = entriesOf(text);
    const next = citeOnSentence(text, placeFigure(text, entry!)!, 'ask1');
    expect(next.content).toBe('| Measure | FY2024 |\n| --- | ---: |\n| Fuel costs | 21% [@ask1] |');
  });

  it('finds the figure again in a text edited since the ledger was computed, and null once it is gone', () => {
    // Prepare: the ledger read the saved text; the user has typed a sentence before it since
    const saved = 'Fuel costs rose 21% last year.';
    const [entry] = entriesOf(saved);
    const edited = `A new opening sentence. ${saved}`;
    // Act
    const placed = placeFigure(edited, entry!)!;
    // Assess
    expect(edited.slice(placed.start, placed.end)).toBe('21%');
    expect(edited.slice(placed.sentence.start, placed.sentence.end)).toBe(saved);
    expect(citeOnSentence(edited, placed, 'ask1').content).toBe('A new opening sentence. Fuel costs rose 21% last year [@ask1].');
    expect(placeFigure('Fuel costs rose sharply.', entry!)).toBeNull();
  });
});
