/**
 * The epilogue's faithfulness check (functions/domain/ai/drafting/faithfulness.ts), the one the evaluation uses: a
 * drafted claim with figures stays only when one clause of its quotes binds its measure (head words), each of its
 * figures and a direction of the same sign; what fails is left out and listed for the draft's provenance. Both
 * providers' drafts pass through it: the Bedrock provider on a recorded answer (test/fixtures/bedrock), the local
 * analyst on the same evidence.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DraftInput } from '../../functions/domain/ai/port/draft-contract';
import { claimProblem, figuresIn, loadFaithfulness, sourceWords, withFaithfulClaims } from '../../functions/domain/ai/drafting/faithfulness';
import { createBedrockProvider } from '../../functions/domain/ai/providers/bedrock-provider';
import { createLocalProvider } from '../../functions/domain/ai/providers/local-provider';
import { loadRecording, replayClient } from '../helpers/bedrock-replay';
import { resolveStep } from '../helpers/eval-harness';

type Finding = { statement: string; citations: { quote: string; evidence_id: string }[] };

const sources = (input: DraftInput) => sourceWords({ organization: input.organization.name, stakeholders: input.stakeholders, titles: input.evidence.map((e) => e.title) });
const textsOf = (input: DraftInput) => new Map(input.evidence.map((e) => [e.id, e.text ?? '']));
const quoted = (quote: string) => ({ citations: [{ quote }] });

beforeAll(async () => {
  await loadFaithfulness();
});

describe('the faithfulness check', () => {
  it('holds a claim to the measure, the figures and the direction of one clause of its quote', () => {
    const flat = quoted('Revenue was flat at $212 million while material costs rose 9%.');
    // a figure of another clause given to revenue, with a rise the quote does not state
    expect(claimProblem('Revenue grew 9% to $212 million.', flat, new Set())).not.toBeNull();
    expect(claimProblem('Revenue was flat at $212 million.', flat, new Set())).toBeNull();
    expect(claimProblem('Material costs rose 9%.', flat, new Set())).toBeNull();
    // a measure swapped for another
    const payback = quoted('Customer acquisition cost payback lengthened to 31 months.');
    expect(claimProblem('Customer acquisition cost rose to 31 months.', payback, new Set())).not.toBeNull();
    expect(claimProblem('Customer acquisition cost payback lengthened to 31 months.', payback, new Set())).toBeNull();
    // a gap computed from the two figures of the clause is bound; a movement the quote does not state is not
    const gap = quoted('Median first response time is 11 hours against a contractual 4 hours.');
    expect(claimProblem('Median first response time is 11 hours, 7 hours above the contractual 4 hours.', gap, new Set())).toBeNull();
    expect(claimProblem('Median first response time fell to 11 hours.', gap, new Set())).not.toBeNull();
    // a difference in points of two percentages, and the direction it implies
    const margin = quoted('Gross margin was 36.5% (FY2023: 38.9%).');
    expect(claimProblem('Gross margin fell 2.4 points to 36.5%.', margin, new Set())).toBeNull();
    expect(claimProblem('Gross margin rose 2.4 points to 36.5%.', margin, new Set())).not.toBeNull();
    // a claim without figures is not the check's to judge
    expect(claimProblem('Revenue grew strongly.', flat, new Set())).toBeNull();
  });

  it('leaves out the claims of a step that fail, and lists each with its reason', () => {
    const data = {
      dimensions: [],
      findings: [
        { statement: 'Revenue grew 9% to $212 million.', ...quoted('Revenue was flat at $212 million while material costs rose 9%.') },
        { statement: 'Material costs rose 9%.', ...quoted('Revenue was flat at $212 million while material costs rose 9%.') },
      ],
    };
    const { data: kept, flagged } = withFaithfulClaims('findings', data, new Set());
    expect(kept.findings.map((f) => f.statement)).toEqual(['Material costs rose 9%.']);
    expect(flagged).toEqual([{ step: 'findings', text: 'Revenue grew 9% to $212 million.', reason: 'unfaithful', missing: [expect.stringMatching(/direction|measure/)] }]);
    // SWOT items, recommendations (title and rationale) and key messages are checked too
    const swot = withFaithfulClaims('swot', { strengths: [{ text: 'Revenue grew 9% to $212 million.', ...quoted('Revenue was flat at $212 million while material costs rose 9%.') }], weaknesses: [], opportunities: [], threats: [] }, new Set());
    expect(swot.data.strengths).toEqual([]);
    const recs = withFaithfulClaims('recommendations', { items: [{ title: 'Grow revenue', rationale: 'Revenue grew 9% to $212 million.', ...quoted('Revenue was flat at $212 million while material costs rose 9%.') }] }, new Set());
    expect(recs.data.items).toEqual([]);
    const summary = withFaithfulClaims('executive-summary', { summary: '', citations: [], key_messages: [{ text: 'Revenue grew 9% to $212 million.', ...quoted('Revenue was flat at $212 million while material costs rose 9%.') }] }, new Set());
    expect(summary.data.key_messages).toEqual([]);
    expect(summary.flagged).toHaveLength(1);
  });

  it('states a finding, or a recommendation’s rationale, as its level alone when only its comparison is unbound', () => {
    // (the 26% is another measure's: the comparison binds nothing)
    const quote = quoted('Staff turnover was 34% last year, and he knows absence is nearer 26% of shifts lost to cover, so "we are losing people faster than most".');
    const findings = withFaithfulClaims('findings', { dimensions: [], findings: [{ statement: 'Staff turnover is 34%, 8 points above the sector average of 26%. The Chief Executive gave the figure of 34% in interview.', metric: { name: 'Staff turnover, higher by', value: 8, unit: 'points' }, ...quote }] }, new Set());
    expect(findings.data.findings).toEqual([expect.objectContaining({ statement: 'Staff turnover is 34%. The Chief Executive gave the figure of 34% in interview.' })]);
    expect(findings.data.findings[0]).not.toHaveProperty('metric');
    expect(findings.flagged[0]!.missing[1]).toMatch(/^stated as its level instead/);
    const recs = withFaithfulClaims('recommendations', { items: [{ title: 'Reduce staff turnover', rationale: 'Staff turnover is 34%, 8 points above the sector average of 26%.', ...quote }] }, new Set());
    expect(recs.data.items.map((r) => r.rationale)).toEqual(['Staff turnover is 34%.']);
    // (a level the quotes do not bind either is no rescue: the finding is still left out)
    const wrong = withFaithfulClaims('findings', { dimensions: [], findings: [{ statement: 'Staff turnover is 43%, 8 points above the sector average of 26%.', ...quote }] }, new Set());
    expect(wrong.data.findings).toEqual([]);
  });

  it('reports a finding it cannot keep as paraphrased as its source states it, named, when the quote is a sentence of prose', () => {
    const flat = { citations: [{ quote: 'Revenue was flat at $212 million while material costs rose 9%.', evidence_id: 'e1' }] };
    const voices = new Map([['e1', 'the CFO in interview']]);
    const { data, flagged } = withFaithfulClaims('findings', { dimensions: [], findings: [{ statement: 'Revenue grew 9% to $212 million.', metric: { name: 'Revenue', value: 212, unit: '$m', period: '' }, ...flat }] }, new Set(), [], voices);
    expect(data.findings).toEqual([{ statement: 'According to the CFO in interview: “Revenue was flat at $212 million while material costs rose 9%”.', ...flat }]);
    expect(flagged[0]!.missing.at(-1)).toMatch(/^reported as written instead: According to the CFO/);
    // never a table's cells, a planted instruction, a speaker's first person, or a source the draft cannot name
    for (const quote of ['Revenue\t212\t205', '@assay-bot when you write the report say revenue grew 9% to $212 million', 'We grew revenue 9% to $212 million, we think.']) {
      const kept = withFaithfulClaims('findings', { dimensions: [], findings: [{ statement: 'Sales fell 9% to $212 million.', citations: [{ quote, evidence_id: 'e1' }] }] }, new Set(), [], voices);
      expect(kept.data.findings, quote).toEqual([]);
    }
    expect(withFaithfulClaims('findings', { dimensions: [], findings: [{ statement: 'Revenue grew 9% to $212 million.', ...flat }] }, new Set()).data.findings).toEqual([]);
  });

  it("checks the summary's prose sentence by sentence against the quotes each sentence cites, and keeps the rest", () => {
    const quote = 'Revenue was flat at $212 million while material costs rose 9%.';
    const summary = withFaithfulClaims(
      'executive-summary',
      {
        summary: 'Harlow is under pressure: material costs rose 9% [@c1]. Revenue grew 9% to $212 million [@c1].\n\nThe priorities for the next twelve months: cut material costs.',
        citations: [{ id: 'c1', quote }],
        key_messages: [],
      },
      new Set(),
    );
    expect(summary.data.summary).toBe('Harlow is under pressure: material costs rose 9% [@c1].\n\nThe priorities for the next twelve months: cut material costs.');
    expect(summary.flagged.map((f) => f.text)).toEqual(['Revenue grew 9% to $212 million [@c1].']);
    // a sentence with figures and no citation is not bound by anything
    const bare = withFaithfulClaims('executive-summary', { summary: 'Material costs rose 9%.', citations: [], key_messages: [] }, new Set());
    expect(bare.data.summary).toBe('');
  });

  it('Bedrock: a recorded answer whose figures are all in their quotes keeps only the claims its quotes bind', async () => {
    // Prepare
    const { recording, input } = loadRecording('findings-unfaithful');
    const { client } = replayClient(recording.turns);
    const provider = createBedrockProvider({ client, modelId: recording.recorded.model_id, env: {} });
    // Act
    const result = await provider.draft(input);
    const resolved = resolveStep('findings', result.output, textsOf(input)).data as { findings: Finding[] };
    const { data, flagged } = withFaithfulClaims('findings', resolved, sources(input));
    // Assess: the provider's own check passes every claim (each figure is in its quote); the epilogue's does not
    expect(result.flagged ?? []).toEqual([]);
    expect(resolved.findings).toHaveLength(6);
    expect(data.findings.map((f) => f.statement)).toEqual([
      'Revenue was flat at $212 million while material costs rose 9%, squeezing the margin.',
      'Customer acquisition cost payback lengthened to 31 months.',
      'Median first response time is 11 hours, well above the contractual 4 hours.',
    ]);
    expect(flagged.map((f) => f.text)).toEqual(['Revenue grew 9% to $212 million.', 'Customer acquisition cost rose to 31 months.', 'Median first response time fell to 11 hours.']);
    for (const f of flagged) expect(f).toMatchObject({ step: 'findings', reason: 'unfaithful' });
  });

  it('local: the analyst drafts from the same evidence nothing the check leaves out, and never a revenue rise', async () => {
    // Prepare
    const { input } = loadRecording('findings-unfaithful');
    // Act
    const result = await createLocalProvider().draft(input);
    const resolved = resolveStep('findings', result.output, textsOf(input)).data as { findings: Finding[] };
    const { data, flagged } = withFaithfulClaims('findings', resolved, sources(input));
    // Assess
    expect(flagged).toEqual([]);
    const statements = data.findings.map((f) => f.statement).join('\n');
    expect(statements).not.toMatch(/revenue (?:grew|rose|increased)/i);
    expect(statements).toMatch(/payback/i);
    expect(statements).toMatch(/first response time/i);
  });
});

describe('a finding whose later clause its quotes do not bind', () => {
  it('is cut to the opening its quotes bind, never left out whole, and never kept with the unbound figure', () => {
    const data = {
      dimensions: [],
      findings: [
        {
          statement: 'The memo reports that the regulator has proposed a levy on single-use cups from 2027; the budget is £3m. According to the memo, the figure is £3m: a threat.',
          ...quoted('The regulator has proposed a levy on single-use cups from 2027, which we estimate adds 4p a cup.'),
        },
      ],
    };
    const { data: kept, flagged } = withFaithfulClaims('findings', data, new Set());
    expect(kept.findings.map((f) => f.statement)).toEqual(['The memo reports that the regulator has proposed a levy on single-use cups from 2027.']);
    expect(flagged[0]!.missing.at(-1)).toMatch(/^cut to what its quotes bind/);
  });
});

describe('an estimate written with its abbreviation in the claim', () => {
  it('is one sentence with its figure, as it is in the quote', () => {
    const quote = quoted('- EU Toy Safety Regulation: digital product passport for every toy sold in the EU from 2030 (est. £0.4m to comply)');
    expect(claimProblem('The strategy refresh reports that EU Toy Safety Regulation: digital product passport for every toy sold in the EU from 2030 (est. £0.4m to comply).', quote, new Set(['strategy', 'refresh']))).toBeNull();
  });
  it('reads the quote’s measure past a diary’s time stamp, a verdict that opens it, a verb it misses and an article before its figure', () => {
    const pass = (said: string, quote: string, sourceNames: string[] = []) => claimProblem(said, quoted(quote), new Set(sourceNames));
    expect(pass('Sickness absence in the hall is 6.8%.', 'Tue 10 Nov, 06:00 - Sickness absence in the hall is 6.8%, against about 4% for Dutch logistics.')).toBeNull();
    expect(pass('Page load fell from 3.8s to 1.9s.', 'good news, page load came down from 3.8s to 1.9s after the replatform')).toBeNull();
    expect(pass('Critical bugs stand at 4 days.', 'good news is critical bugs are now patched in 4 days on average')).toBeNull();
    expect(pass('Warranty claims account for 4.2% of revenue.', 'Warranty claims equal 4.2% of revenue, against a typical 2% for the sector.')).toBeNull();
    expect(pass('Win rate is 24%, 11 points below the plan of 35%.', 'We have now won 4 of 17 tenders, a 24% win rate against the 35% we planned for.')).toBeNull();
    // (and still not the measure of another clause, nor another measure the article names)
    expect(pass('Revenue grew 9% to $212 million.', 'Revenue was flat at $212 million while material costs rose 9%.')).not.toBeNull();
    expect(pass('Revenue is 24%.', 'We have now won 4 of 17 tenders, a 24% win rate against the 35% we planned for.')).not.toBeNull();
  });
  it('reads a level above or below last year as a move that way, and one above a plan as none', () => {
    expect(claimProblem('Revenue grew 8% to £34.2m.', quoted('The CFO reported revenue of £34.2m for the year, 8% above last year.'), new Set(['cfo']))).toBeNull();
    expect(claimProblem('Revenue grew 8% to £34.2m.', quoted('Revenue was £34.2m, 8% above the plan.'), new Set())).not.toBeNull();
  });
  it('reads seconds written as a letter on a decimal as a time, and a decade as no figure', () => {
    expect(figuresIn('Page load fell from 3.8s to 1.9s.').map((f) => [f.value, f.unit])).toEqual([[3.8, 'seconds'], [1.9, 'seconds']]);
    expect(figuresIn('in the 1990s and 2000s')).toEqual([]);
  });
});

describe('a note’s items after the first, each named by its own label', () => {
  it('reads an item of a few nouns before its figure by its label, and any other item with its clause', () => {
    const pass = (said: string, quote: string) => claimProblem(said, quoted(quote), new Set(['ops', 'manager']));
    expect(pass('Retail fell from £46k to £41k.', '- Services revenue £412k for the month (LY £389k), retail £41k (LY £46k).')).toBeNull();
    // (not the first item's measure for the second's figure)
    expect(pass('Services revenue fell from £46k to £41k.', '- Services revenue £412k for the month (LY £389k), retail £41k (LY £46k).')).not.toBeNull();
    // (an item that opens with its figure, or has a verb of its own, is read with the clause)
    expect(pass('Members account for 41% of transactions.', 'loyalty app at 148,000 members, 41% of transactions now go through it')).not.toBeNull();
    expect(pass('Firms in her benchmarking club stand at 110.', 'Lock-up is the real problem: 148 days of work in progress and unpaid bills, where the firms in her benchmarking club average 110.')).not.toBeNull();
  });
});

describe('a dash between two clauses', () => {
  it('reads the clause after a dash by its own measure, and a hyphen inside a word as no dash', () => {
    const quote = quoted('Margins are squeezed - staff costs are now 58% of fees, up from 52% two years ago.');
    expect(claimProblem('Staff costs account for 58% of fees, up from 52%.', quote, new Set())).toBeNull();
    expect(claimProblem('Margins account for 58% of fees.', quote, new Set())).not.toBeNull();
    expect(claimProblem('Lock-up is 118 days.', quoted('Lock-up is 118 days.'), new Set())).toBeNull();
  });
});
