/**
 * The ledger's part summaries: joined without the entries, they give the counts, the disagreements across parts
 * and the restatements the entries give; an entry is placed (support, disagreements, rank) from the join.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { crossDisagreements, ledgerCounts, ledgerOfPart, withRestatements, type LedgerCitation, type MeasureReader } from '@shared/domain/ledger/ledger';
import { joinSummaries, placeEntry, summaryOf, SUMMARY_SAMPLE, type PartSummary } from '@shared/domain/ledger/summary';
import { COLD_START_ENV } from '../helpers/cold-start-env';

let measureOf: MeasureReader;
beforeAll(async () => {
  // the analyst's measures (ai's index) reach the table's configuration when they load
  for (const [k, v] of Object.entries(COLD_START_ENV)) vi.stubEnv(k, v);
  ({ measureOf } = await import('../../functions/domain/ledger/measure'));
});

const READ: MeasureReader = (sentence) => /ebitda margin/i.exec(sentence)?.[0].toLowerCase() ?? /revenue/i.exec(sentence)?.[0].toLowerCase() ?? null;
const part = (name: string, text: string, citations: LedgerCitation[] = [], read: MeasureReader = READ) => ledgerOfPart({ part: name, text, citations }, { measureOf: read });
/** A summary as stored and read back: JSON only, no entries. */
const stored = (s: PartSummary): PartSummary => JSON.parse(JSON.stringify(s)) as PartSummary;

/** A section of many sentences of two figures each, some cited: regions' revenues and margins. */
function dense(seed: number, sentences: number): { text: string; citations: LedgerCitation[] } {
  const out: string[] = [];
  const citations: LedgerCitation[] = [];
  for (let i = 0; i < sentences; i++) {
    const revenue = `$${(1 + ((i * 7 + seed) % 90) / 10).toFixed(1)}m`;
    const margin = `${10 + ((i * 3 + seed) % 30)}%`;
    const cited = i % 5 === 0;
    if (cited) citations.push({ id: `c${i}`, quote: `Region ${i} revenue reached ${revenue} with a gross margin of ${margin}.` });
    out.push(`Revenue in region ${i % 40} reached ${revenue} in FY2024 and gross margin ${margin}${cited ? ` [@c${i}]` : ''}.`);
    if (i % 8 === 7) out.push('\n');
  }
  return { text: out.join(' '), citations };
}

describe('a ledger joined from its parts’ summaries', () => {
  it('gives the counts and disagreements the entries give', () => {
    // Prepare
    const parts = [0, 1, 2].map((seed) => {
      const { text, citations } = dense(seed, 120);
      return part(`section:s${seed}`, text, citations, measureOf);
    });
    const entries = withRestatements(parts.flatMap((p) => p.entries));
    const expected = [...parts.flatMap((p) => p.disagreements), ...crossDisagreements(entries, parts.flatMap((p) => p.trends))];
    // the sample holds both: restated figures and disagreements
    expect(entries.filter((e) => e.basis.startsWith('as in ')).length).toBeGreaterThan(0);
    expect(expected.length).toBeGreaterThan(0);

    // Act
    const joined = joinSummaries(parts.map((p) => stored(summaryOf(p))), []);

    // Assess
    expect(joined.counts).toEqual(ledgerCounts(entries, expected, []));
    expect(joined.disagreements.map((d) => d.detail).sort()).toEqual(expected.map((d) => d.detail).sort());
    const placed = parts.flatMap((p) => p.entries).map((e) => placeEntry(e, joined));
    expect(placed.map((p) => p.entry.support)).toEqual(entries.map((e) => e.support));
    const disagreeing = new Set(expected.flatMap((d) => d.entry_ids));
    expect(placed.filter((p) => p.disagrees.length).map((p) => p.entry.id).sort()).toEqual([...disagreeing].sort());
  });

  it('finds a disagreement between two parts from their summaries alone', () => {
    // Prepare
    const summary = stored(summaryOf(part('section:executive-summary', 'EBITDA margin fell to 11% in FY2024.')));
    const findings = stored(summaryOf(part('section:findings', 'The EBITDA margin was 10% in FY2024. Revenue was $3m.')));

    // Act
    const joined = joinSummaries([summary, findings], []);

    // Assess
    expect(joined.disagreements).toMatchObject([{ kind: 'value', detail: 'ebitda margin (FY2024): 11% vs 10%', part: 'section:findings' }]);
    expect(joined.counts).toMatchObject({ figures: 3, unsupported: 3, disagreements: 1, blocking: 4 });
    expect(joined.disagreeingParts).toEqual(new Set(['section:executive-summary', 'section:findings']));
  });

  it('a figure restating a cited one elsewhere takes its support; a waiver lowers the blocking count', () => {
    // Prepare
    const findings = part('section:findings', 'EBITDA margin fell to 11% in FY2024 [@c1].', [{ id: 'c1', quote: 'the EBITDA margin fell to 11% in FY2024' }]);
    const summary = part('section:executive-summary', 'EBITDA margin was 11%. Revenue was $4m.');
    const revenue = summary.entries.find((e) => e.text === '$4m')!;

    // Act
    const joined = joinSummaries([summaryOf(summary), summaryOf(findings)], [{ id: revenue.id }], (p) => p.replace('section:', ''));

    // Assess
    expect(joined.counts).toMatchObject({ figures: 3, cited: 2, unsupported: 1, waived: 1, blocking: 0 });
    const restated = placeEntry(summary.entries[0]!, joined);
    expect(restated).toMatchObject({ rank: 1, entry: { support: 'cited', citation_id: 'c1' } });
    expect(restated.entry.basis).toMatch(/^as in findings: /);
    expect(placeEntry(revenue, joined)).toMatchObject({ rank: 2, waived: true });
  });

  it('keeps the first unsupported entries in full, with their places, and only ids past them', () => {
    // Prepare
    const text = Array.from({ length: SUMMARY_SAMPLE + 50 }, (_, i) => `Costs were ${i + 1}% higher.`).join(' ');

    // Act
    const s = summaryOf(part('section:findings', text));

    // Assess
    expect(s.unsupported).toBe(SUMMARY_SAMPLE + 50);
    expect(s.sample).toHaveLength(SUMMARY_SAMPLE);
    expect(s.sample_at.slice(0, 3)).toEqual([0, 1, 2]);
    expect(s.unmeasured).toHaveLength(SUMMARY_SAMPLE + 50);
  });
});
