/**
 * The Figures panel's fixes for an unsupported figure: a computation from two cited figures of its measure that
 * gives it (offered only when one does), the value its sentence's quote states, the cited value elsewhere that it
 * disagrees with; and each fix written into the text gives an entry the ledger itself classes derived or cited.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerOfPart, type LedgerEntry, type MeasureReader } from '@shared/domain/ledger/ledger';
import { joinSummaries, summaryOf } from '@shared/domain/ledger/summary';
import { writtenLike } from '@shared/domain/ledger/figures';
import { citedIndex, fixFinder } from '@shared/domain/ledger/fixes';
import { applyFix, borrowCitation, type FigureFix } from '@shared/domain/ledger/fix-text';
import type { Citation } from '@shared/schemas/report-document';
import { COLD_START_ENV } from '../helpers/cold-start-env';

let measureOf: MeasureReader;
beforeAll(async () => {
  // the analyst's measures (ai's index) reach the table's configuration when they load
  for (const [k, v] of Object.entries(COLD_START_ENV)) vi.stubEnv(k, v);
  ({ measureOf } = await import('../../functions/domain/ledger/measure'));
});

const EVIDENCE = '00000000-0000-4000-8000-000000000001';
/** A citation whose quote is a passage of one evidence text (offsets made up, consistent with the quote). */
const citation = (id: string, quote: string, start = 0): Citation => ({ id, evidence_id: EVIDENCE, start, end: start + quote.length, quote });

interface Section {
  part: string;
  content: string;
  citations: Citation[];
}
const partOf = (s: Section) => ledgerOfPart({ part: s.part, text: s.content, citations: s.citations }, { measureOf });
const entryOf = (s: Section, text: string): LedgerEntry => {
  const e = partOf(s).entries.find((x) => x.text === text);
  if (!e) throw new Error(`no entry “${text}” in ${s.part}`);
  return e;
};
/** The fixes the read offers an entry of `target`, with every section's part and summary computed. */
function fixesOf(sections: readonly Section[], target: Section, text: string) {
  const find = fixFinder(citedIndex(sections.map((s) => summaryOf(partOf(s)))));
  return find(entryOf(target, text));
}
/** Writes a fix into `target`, taking citations from the section of the part they are cited in. */
function apply(sections: readonly Section[], target: Section, text: string, fix: FigureFix, newId = () => 'cnew'): Section {
  const citationOf = (ref: { part: string; citation_id: string }) => sections.find((s) => s.part === ref.part)?.citations.find((c) => c.id === ref.citation_id);
  const done = applyFix(target, entryOf(target, text), fix, citationOf, newId);
  if (!done) throw new Error('the fix could not be applied');
  return { part: target.part, ...done };
}

const findings: Section = {
  part: 'section:findings',
  content: 'On-time delivery reached 91% in FY2024 [@c1].\n\nOn-time delivery was 78% in FY2023 [@c2].\n\nThe EBITDA margin was 10% in FY2024 [@c4].',
  citations: [
    citation('c1', 'On-time delivery reached 91% in FY2024', 0),
    citation('c2', 'on-time delivery was 78% in FY2023', 100),
    citation('c4', 'The EBITDA margin was 10% in FY2024', 200),
  ],
};

describe('mark as derived, with the computation', () => {
  it('offers the computation from two cited figures of another section, and written in, the ledger classes it derived', () => {
    // Prepare
    const summary: Section = { part: 'section:executive-summary', content: 'On-time delivery improved 13 points over the year.', citations: [] };
    expect(entryOf(summary, '13 points').support).toBe('unsupported');

    // Act
    const fixes = fixesOf([summary, findings], summary, '13 points');
    const derivation = fixes?.derivations[0];
    const fixed = apply([summary, findings], summary, '13 points', { kind: 'derivation', ...derivation! });

    // Assess
    expect(derivation).toMatchObject({ computation: '13 points = 91% − 78%', op: 'minus', operands: [{ text: '91%', citation_id: 'c1', part: 'section:findings' }, { text: '78%', citation_id: 'c2' }] });
    expect(fixed.content).toBe('On-time delivery improved 13 points (91% [@c1] − 78% [@c2]) over the year.');
    expect(fixed.citations.map((c) => c.id)).toEqual(['c1', 'c2']);
    const after = partOf(fixed).entries;
    expect(after.find((e) => e.text === '13 points')).toMatchObject({ support: 'derived', basis: '13 points = 91% − 78%' });
    expect(after.filter((e) => e.text !== '13 points').map((e) => e.support)).toEqual(['cited', 'cited']);
  });

  it('offers no computation when none of the cited figures gives the figure, and a wrong one written in stays unsupported', () => {
    // Prepare
    const summary: Section = { part: 'section:executive-summary', content: 'On-time delivery improved 20 points over the year.', citations: [] };
    const wrong: Section = { part: 'section:executive-summary', content: 'On-time delivery improved 20 points (91% [@c1] − 78% [@c2]).', citations: findings.citations.slice(0, 2) };

    // Act
    const fixes = fixesOf([summary, findings], summary, '20 points');

    // Assess
    expect(fixes).toBeUndefined();
    expect(entryOf(wrong, '20 points').support).toBe('unsupported');
  });

  it('offers no computation of a level from two figures of its measure for one period', () => {
    // Prepare: two regions' margins for one year, cited, and a third typed; 39% − 14% would give 25%
    const cited: Section = {
      part: 'section:findings',
      content: 'Gross margin was 39% in FY2024 [@g1].\n\nGross margin was 14% in FY2024 [@g2].',
      citations: [citation('g1', 'gross margin was 39% in FY2024', 0), citation('g2', 'gross margin was 14% in FY2024', 50)],
    };
    const summary: Section = { part: 'section:executive-summary', content: 'Gross margin was 25% in FY2024.', citations: [] };

    // Act
    const fixes = fixesOf([summary, cited], summary, '25%');

    // Assess: the cited values are offered as corrections, no computation
    expect(fixes?.derivations).toEqual([]);
    expect(fixes?.corrections.map((c) => c.text)).toEqual(['39%', '14%']);
  });

  it('a growth rate between two cited revenues, written with its division, is derived', () => {
    // Prepare
    const data: Section = {
      part: 'section:findings',
      content: 'Revenue was $3.75m in FY2023 [@r1].\n\nRevenue reached $4.2m in FY2024 [@r2].',
      citations: [citation('r1', 'Revenue was $3.75m in FY2023', 0), citation('r2', 'revenue reached $4.2m in FY2024', 50)],
    };
    const summary: Section = { part: 'section:executive-summary', content: 'Revenue grew 12% in a year.', citations: [] };

    // Act
    const derivation = fixesOf([summary, data], summary, '12%')?.derivations.find((d) => d.op === 'growth');
    const fixed = apply([summary, data], summary, '12%', { kind: 'derivation', ...derivation! });

    // Assess
    expect(derivation?.computation).toBe('12% = ($4.2m − $3.75m) ÷ $3.75m');
    expect(fixed.content).toBe('Revenue grew 12% (($4.2m [@r2] − $3.75m [@r1]) ÷ $3.75m) in a year.');
    expect(entryOf(fixed, '12%').support).toBe('derived');
  });
});

describe('correct to the cited value', () => {
  it('offers the value its sentence’s quote states, and corrected, the figure is cited', () => {
    // Prepare
    const section: Section = {
      part: 'section:findings',
      content: 'The EBITDA margin fell to 12% in FY2024 [@c3]. Costs held.',
      citations: [citation('c3', 'the EBITDA margin fell to 11.4% in FY2024', 0)],
    };

    // Act
    const fixes = fixesOf([section], section, '12%');
    const fixed = apply([section], section, '12%', { kind: 'correction', ...fixes!.corrections[0]! });

    // Assess
    expect(fixes?.corrections).toEqual([{ text: '11.4%', citation_id: 'c3', part: 'section:findings', basis: '“the EBITDA margin fell to 11.4% in FY2024”', period: 'FY2024' }]);
    expect(fixed.content).toBe('The EBITDA margin fell to 11.4% in FY2024 [@c3]. Costs held.');
    expect(fixed.citations).toEqual(section.citations);
    expect(entryOf(fixed, '11.4%')).toMatchObject({ support: 'cited', citation_id: 'c3' });
  });

  it('offers the cited value another section states for the same measure and period, and corrected, the disagreement is gone', () => {
    // Prepare
    const summary: Section = { part: 'section:executive-summary', content: 'The EBITDA margin was 11% in FY2024.', citations: [citation('c4', 'another passage', 900)] };
    const before = joinSummaries([summary, findings].map((s) => summaryOf(partOf(s))), []);
    expect(before.disagreements.map((d) => d.detail)).toEqual(['EBITDA margin (FY2024): 11% vs 10%']);

    // Act
    const correction = fixesOf([summary, findings], summary, '11%')?.corrections[0];
    const fixed = apply([summary, findings], summary, '11%', { kind: 'correction', ...correction! });
    const after = joinSummaries([fixed, findings].map((s) => summaryOf(partOf(s))), []);

    // Assess: the borrowed citation takes a new id, as c4 names another passage in the summary
    expect(correction).toMatchObject({ text: '10%', citation_id: 'c4', part: 'section:findings', period: 'FY2024' });
    expect(correction?.basis).toContain('section:findings (FY2024): “The EBITDA margin was 10% in FY2024”');
    expect(fixed.content).toBe('The EBITDA margin was 10% in FY2024 [@cnew].');
    expect(fixed.citations.map((c) => [c.id, c.quote])).toEqual([
      ['c4', 'another passage'],
      ['cnew', 'The EBITDA margin was 10% in FY2024'],
    ]);
    expect(entryOf(fixed, '10%')).toMatchObject({ support: 'cited', citation_id: 'cnew' });
    expect(after.disagreements).toEqual([]);
    expect(after.counts).toMatchObject({ unsupported: 0, blocking: 0 });
  });

  it('offers nothing for a figure of another period or kind', () => {
    // Prepare
    const summary: Section = { part: 'section:executive-summary', content: 'The EBITDA margin was 11% in FY2022. It rose by 3 points.', citations: [] };

    // Act
    const fixes = fixesOf([summary, findings], summary, '11%');

    // Assess
    expect(fixes).toBeUndefined();
  });

  it.each([
    ['$4.2m', 4_200_000, '4,150,000 USD', 4_150_000, 1, '$4.15m'],
    ['12 per cent', 12, '11.4%', 11.4, 0.1, '11.4 per cent'],
    ['1,200', 1200, '1350', 1350, 1, '1,350'],
    ['€1.3bn', 1.3e9, '€1,250m', 1.25e9, 1e6, '€1.25bn'],
    ['11%', 11, '10.0%', 10, 0.1, '10.0%'],
  ])('writes %s corrected to %s as the text writes it', (text, value, targetText, targetValue, step, expected) => {
    expect(writtenLike({ text, value }, { text: targetText, value: targetValue, step })).toBe(expected);
  });

  it('borrows a citation under its own id, under the id the same passage has here, or under a new id', () => {
    // Prepare
    const borrowed = citation('c9', 'a passage', 10);

    // Act
    const fresh = borrowCitation([citation('c1', 'x')], borrowed, () => 'cnew');
    const same = borrowCitation([citation('c7', 'a passage', 10)], borrowed, () => 'cnew');
    const clash = borrowCitation([citation('c9', 'another', 50)], borrowed, () => 'cnew');

    // Assess
    expect([fresh.id, same.id, clash.id]).toEqual(['c9', 'c7', 'cnew']);
    expect(fresh.citations.map((c) => c.id)).toEqual(['c1', 'c9']);
    expect(same.citations).toHaveLength(1);
    expect(clash.citations.map((c) => c.id)).toEqual(['c9', 'cnew']);
  });
});
