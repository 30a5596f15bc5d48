/** The claim ledger: figures with their units, their support (cited, derived, data, unsupported) and disagreements. */
import { describe, expect, it, vi } from 'vitest';
import { figuresIn, periodIn } from '@shared/domain/ledger/figures';
import { crossDisagreements, ledgerCounts, ledgerOfPart, type LedgerCitation, type MeasureReader } from '@shared/domain/ledger/ledger';
import { COLD_START_ENV } from '../helpers/cold-start-env';

/** A measure reader of three measures, so these tests do not depend on the analyst's table. */
const READ: MeasureReader = (sentence) => /ebitda margin/i.exec(sentence)?.[0].toLowerCase() ?? /revenue/i.exec(sentence)?.[0].toLowerCase() ?? /retention/i.exec(sentence)?.[0].toLowerCase() ?? null;
const quote = (id: string, q: string): LedgerCitation => ({ id, quote: q });
const ledger = (text: string, citations: LedgerCitation[] = [], scores?: { name: string; value: number }[]) =>
  ledgerOfPart({ part: 'section:findings', text, citations }, { measureOf: READ, ...(scores ? { scores } : {}) });

describe('figures in a text', () => {
  it.each([
    ['EBITDA margin fell to 11%.', [{ text: '11%', value: 11, unit: '%' }]],
    ['Margin fell 11 per cent.', [{ text: '11 per cent', value: 11, unit: '%' }]],
    ['Revenue reached $4.2m in FY2024.', [{ text: '$4.2m', value: 4_200_000, unit: 'currency', currency: '$' }]],
    ['Sales were €1.3bn.', [{ text: '€1.3bn', value: 1_300_000_000, unit: 'currency', currency: '€' }]],
    ['Costs of 2.5 million USD.', [{ text: '2.5 million USD', value: 2_500_000, unit: 'currency', currency: 'USD' }]],
    ['Margins of 10–12% are usual.', [{ text: '10–12%', value: 10, high: 12, unit: '%' }]],
    ['Churn fell by 4 points.', [{ text: '4 points', value: 4, unit: 'pp', change: true }]],
    ['Three suppliers hold 60% of spend.', [{ text: 'Three', value: 3, unit: '' }, { text: '60%', value: 60, unit: '%' }]],
    ['The company operates 1,200 stores.', [{ text: '1,200', value: 1200, unit: '' }]],
    ['Inventory turns 2.5x a year.', [{ text: '2.5x', value: 2.5, unit: 'x' }]],
  ])('%s', (text, expected) => {
    // Act
    const found = figuresIn(text);
    // Assess
    expect(found).toMatchObject(expected);
    expect(found).toHaveLength(expected.length);
  });

  it.each([
    'In 2024 the plan was agreed.',
    'Between 2022-2024 nothing changed.',
    'Phase 2 starts in Q3 2025.',
    'The board met on 3 March.',
    'See section 4 and FY2023.',
    '1. Restore the margin',
    '1.',
    'Version two of the findings, typed later.',
    'Priority: High; impact 5/5; effort 3/5',
    'As one of the leaders, it grew. [@c12]',
  ])('reads no figure in “%s”', (text) => {
    expect(figuresIn(text)).toEqual([]);
  });

  it('reads periods', () => {
    expect(periodIn('EBITDA margin in FY2024')).toBe('FY2024');
    expect(periodIn('Q3 2024 revenue')).toBe('Q3 2024');
    expect(periodIn('from 2022 to 2024')).toBe('2024');
    expect(periodIn('no period')).toBeNull();
  });
});

describe('support', () => {
  it('a typed figure with no citation is unsupported', () => {
    // Act
    const { entries } = ledger('EBITDA margin fell to 11%.');
    // Assess
    expect(entries).toMatchObject([{ text: '11%', measure: 'ebitda margin', support: 'unsupported', basis: '' }]);
  });

  it('a citation on the same sentence whose quote states the figure makes it cited', () => {
    // Act
    const { entries } = ledger('Revenue reached $4.2m in FY2024 [@c1].', [quote('c1', 'revenue was $4.2 million in the year to March')]);
    // Assess
    expect(entries).toMatchObject([{ text: '$4.2m', support: 'cited', citation_id: 'c1', period: 'FY2024' }]);
  });

  it('a citation whose quote does not state the figure does not support it', () => {
    const { entries } = ledger('EBITDA margin fell to 11% [@c1].', [quote('c1', 'EBITDA margin fell to 10% last year')]);
    expect(entries[0]!.support).toBe('unsupported');
  });

  it('"13 points" between two cited figures is derived, with the computation shown', () => {
    // Prepare
    const text = 'Retention was 91% in 2022 [@a] and 78% in 2024 [@b]. That is a fall of 13 points.';
    // Act
    const { entries } = ledger(text, [quote('a', 'retention of 91% in 2022'), quote('b', 'retention stood at 78% in 2024')]);
    // Assess
    expect(entries.map((e) => e.support)).toEqual(['cited', 'cited', 'derived']);
    expect(entries[2]!.basis).toBe('13 points = 91% − 78%');
  });

  it('a growth rate and a sum of cited figures are derived', () => {
    const cites = [quote('a', 'revenue of $4.0m in 2023'), quote('b', 'revenue of $5.0m in 2024')];
    const { entries } = ledger('Revenue went from $4.0m [@a] to $5.0m [@b], growth of 25% and $9.0m over two years.', cites);
    expect(entries.find((e) => e.text === '25%')).toMatchObject({ support: 'derived', basis: '25% = ($5.0m − $4.0m) ÷ $4.0m' });
    expect(entries.find((e) => e.text === '$9.0m')).toMatchObject({ support: 'derived' });
  });

  it('a wrong derivation stays unsupported', () => {
    const text = 'Retention was 91% in 2022 [@a] and 78% in 2024 [@b]. That is a fall of 14 points.';
    const { entries } = ledger(text, [quote('a', 'retention of 91% in 2022'), quote('b', 'retention stood at 78% in 2024')]);
    expect(entries[2]).toMatchObject({ text: '14 points', support: 'unsupported' });
  });

  it("the app's own scores named as scores are data, and so is a citation of a spreadsheet range", () => {
    const scored = ledger('Financial Performance scored 62 out of 100.', [], [{ name: 'Financial Performance', value: 62 }]);
    expect(scored.entries[0]).toMatchObject({ support: 'data' });
    const ranged = ledger('Revenue was $4.2m [@r1].', [{ id: 'r1', range: 'Model.xlsx!P&L!B4' }]);
    expect(ranged.entries[0]).toMatchObject({ support: 'data', basis: 'Model.xlsx!P&L!B4' });
  });

  it('reads figures in tables, with the row and heading as their measure and period', () => {
    // Prepare
    const text = ['| Measure | FY2023 | FY2024 |', '|---|---|---|', '| Revenue [@a] | $4.0m | $5.0m |'].join('\n');
    // Act
    const { entries } = ledger(text, [quote('a', 'revenue of $4.0m in FY2023 and $5.0m in FY2024')]);
    // Assess
    expect(entries).toMatchObject([
      { text: '$4.0m', measure: 'revenue', period: 'FY2023', support: 'cited' },
      { text: '$5.0m', measure: 'revenue', period: 'FY2024', support: 'cited' },
    ]);
  });
});

describe('disagreements', () => {
  it('the same measure and period with two values in two places', () => {
    // Prepare
    const summary = ledgerOfPart({ part: 'section:executive-summary', text: 'EBITDA margin fell to 11% in FY2024.', citations: [] }, { measureOf: READ });
    const findings = ledgerOfPart({ part: 'section:findings', text: 'The EBITDA margin was 10% in FY2024.', citations: [] }, { measureOf: READ });
    // Act
    const found = crossDisagreements([...summary.entries, ...findings.entries], []);
    // Assess
    expect(found).toMatchObject([{ kind: 'value', detail: 'ebitda margin (FY2024): 11% vs 10%' }]);
    expect(found[0]!.entry_ids).toHaveLength(2);
  });

  it('no disagreement between periods, or between the same value written twice', () => {
    const a = ledgerOfPart({ part: 'section:a', text: 'EBITDA margin was 11% in FY2024. EBITDA margin was 14% in FY2023.', citations: [] }, { measureOf: READ });
    const b = ledgerOfPart({ part: 'section:b', text: 'The EBITDA margin stood at 11.0% in FY2024.', citations: [] }, { measureOf: READ });
    expect(crossDisagreements([...a.entries, ...b.entries], [])).toEqual([]);
  });

  it("a total that does not add up", () => {
    const text = ['| Segment | Revenue |', '|---|---|', '| North | 40 |', '| South | 35 |', '| Total | 80 |'].join('\n');
    expect(ledger(text).disagreements).toMatchObject([{ kind: 'total', detail: 'Total · Revenue: 80, but the rows above add up to 75' }]);
    expect(ledger(text.replace('| 80 |', '| 75 |')).disagreements).toEqual([]);
  });

  it("a trend word that contradicts a chart's series", () => {
    const part = ledger('Revenue grew strongly over the period.');
    const chart = { part: 'visual:v1', title: 'Revenue by year', measure: 'revenue', series: [{ name: 'Revenue', values: [5, 4.5, 4] }] };
    expect(crossDisagreements(part.entries, part.trends, [chart])).toMatchObject([{ kind: 'trend' }]);
    expect(crossDisagreements(part.entries, part.trends, [{ ...chart, series: [{ name: 'Revenue', values: [4, 5] }] }])).toEqual([]);
  });

  it('counts what blocks Final: unsupported figures and disagreements without a waiver', () => {
    const { entries } = ledger('EBITDA margin fell to 11%. Revenue was $4m.');
    expect(ledgerCounts(entries, [], [])).toMatchObject({ figures: 2, unsupported: 2, blocking: 2 });
    expect(ledgerCounts(entries, [], [{ id: entries[0]!.id }])).toMatchObject({ waived: 1, blocking: 1 });
  });
});

describe("the analyst's measures, through the ledger's adapter", () => {
  it('binds a figure to the measure named before it in its sentence', async () => {
    // Prepare: ai's index reaches the table's configuration when it loads
    for (const [k, v] of Object.entries(COLD_START_ENV)) vi.stubEnv(k, v);
    const { measureOf } = await import('../../functions/domain/ledger/measure');
    const sentence = 'Gross margin fell to 36.5% while staff turnover rose to 18%.';
    expect(measureOf(sentence, { start: sentence.indexOf('36.5%'), end: sentence.indexOf('36.5%') + 5 })).toBe('Gross margin');
    expect(measureOf(sentence, { start: sentence.indexOf('18%'), end: sentence.indexOf('18%') + 3 })).toBe('Staff turnover');
    expect(measureOf('Nothing measured here at 5%.', { start: 25, end: 27 })).toBeNull();
  });

  it('names a segment after the measure as part of it, never a period: two regions’ revenues do not disagree', async () => {
    // Prepare
    for (const [k, v] of Object.entries(COLD_START_ENV)) vi.stubEnv(k, v);
    const { measureOf } = await import('../../functions/domain/ledger/measure');
    const at = (sentence: string, figure: string) => measureOf(sentence, { start: sentence.indexOf(figure), end: sentence.indexOf(figure) + figure.length });
    // Act
    const region = at('Revenue in region 7 reached $2.1m in FY2024.', '$2.1m');
    const north = at('Revenue in the North grew 12% in FY2024.', '12%');
    const period = at('Revenue in FY2024 was $212 million.', '$212 million');
    const vague = at('Revenue in the first quarter was $5m.', '$5m');
    const twoRegions = ledgerOfPart({ part: 'section:findings', text: 'Revenue in the North reached $3m in FY2024. Revenue in the South reached $5m in FY2024.', citations: [] }, { measureOf });
    const sameRegion = ledgerOfPart({ part: 'section:findings', text: 'Revenue in the North reached $3m in FY2024. Revenue in the North reached $5m in FY2024.', citations: [] }, { measureOf });
    // Assess
    expect([region, north, period, vague]).toEqual(['Revenue (region 7)', 'Revenue (North)', 'Revenue', 'Revenue']);
    expect(crossDisagreements(twoRegions.entries, [])).toEqual([]);
    expect(crossDisagreements(sameRegion.entries, [])).toHaveLength(1);
  });
});
