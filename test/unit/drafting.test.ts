/**
 * What both drafters share (functions/domain/ai/port/draft-contract.ts): the dimension scores every draft starts from,
 * and a sentence written as a statement (the Bedrock provider's findings). The local analyst has its own
 * tests (analyst.test.ts, evaluation.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { asStatement, dimensionScoresFrom, type DraftEvidence } from '../../functions/domain/ai/port/draft-contract';

describe('dimension scores', () => {
  it('scores dimensions as the relevance-weighted mean of the evidence, and shows the basis', () => {
    const ev: DraftEvidence[] = [
      { id: 'a', title: 'A', type: 'file', relevance: 1, dimensionScores: { 'Financial Performance': 0.8 }, insights: [] },
      { id: 'b', title: 'B', type: 'file', relevance: 0.5, dimensionScores: { 'Financial Performance': 0.2 }, insights: [] },
    ];
    const fin = dimensionScoresFrom(ev).find((d) => d.dimension === 'Financial Performance')!;
    expect(fin.score).toBe(Math.round((100 * (1 * 0.8 + 0.5 * 0.2)) / 1.5));
    expect(fin.basis.map((b) => b.title)).toEqual(['A', 'B']);
    expect(dimensionScoresFrom(ev).find((d) => d.dimension === 'People & Culture')!.score).toBe(0);
  });

  it('keeps what the consultant chose before (out of scope, a note)', () => {
    const ev: DraftEvidence[] = [{ id: 'a', title: 'A', type: 'file', relevance: 1, dimensionScores: { 'People & Culture': 0.5 }, insights: [] }];
    const before = dimensionScoresFrom(ev).map((d) => (d.dimension === 'People & Culture' ? { ...d, out_of_scope: true, note: 'Covered by the HR review' } : d));
    const again = dimensionScoresFrom(ev, before).find((d) => d.dimension === 'People & Culture')!;
    expect([again.score, again.out_of_scope, again.note]).toEqual([50, true, 'Covered by the HR review']);
  });
});

describe('statements', () => {
  it('writes a sentence as one line ending with a full stop, cut at a word when long', () => {
    expect(asStatement('- revenue grew\n 12%')).toBe('Revenue grew 12%.');
    const long = asStatement(`${'word '.repeat(200)}end`, 50);
    expect(long.length).toBeLessThanOrEqual(51);
    expect(long.endsWith('…')).toBe(true);
  });

  it('reads hostile text in linear time', () => {
    const hostile = [`${'1'.repeat(200_000)}%`, 'grew '.repeat(40_000), `${'a '.repeat(100_000)}9%`];
    for (const text of hostile) {
      const started = performance.now();
      asStatement(text);
      // (a quadratic pass over 200,000 characters takes minutes; a linear one well under this bound however busy the machine)
      expect(performance.now() - started).toBeLessThan(2_000);
    }
  });
});
