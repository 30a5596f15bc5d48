/**
 * The reading layer on the sentences that once gave false or broken drafts: each figure bound in its own clause to
 * the noun phrase that governs it, the whole phrase kept as the measure's name, good or bad from a stated
 * comparison, and outside events placed as opportunities and threats. Each case is read as a claim
 * (functions/domain/ai/analyst/claims.ts, events.ts) and drafted by the local analyst through findings and SWOT.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Claim, claimsOf } from '../../functions/domain/ai/analyst/claims';
import { eventsOf } from '../../functions/domain/ai/analyst/events';
import { loadNlp, parseSpan } from '../../functions/domain/ai/analyst/nlp';
import { createLocalProvider } from '../../functions/domain/ai/providers/local-provider';
import type { FindingsData, SwotData } from '@shared/schemas/report-document';
import { draftInputOf } from '../helpers/bedrock-replay';
import { resolveStep } from '../helpers/eval-harness';

let nlp: Awaited<ReturnType<typeof loadNlp>>;
beforeAll(async () => {
  nlp = await loadNlp();
});

/** The claims and events of one sentence, read as the analyst reads a line of an item that names no place. */
function read(sentence: string): { claims: Claim[]; events: Claim[] } {
  const [s] = parseSpan(nlp, sentence, 0, sentence.length);
  const ctx = { evidence_id: 'e1', order: 0, ignore: new Set<string>(), lastEntity: '', names: new Set<string>() };
  return { claims: claimsOf(s!, ctx), events: eventsOf(s!, { ...ctx, organization: new Set(['corvid']) }, []) };
}

/** Findings and SWOT drafted by the local analyst from one support document. */
async function draft(text: string): Promise<{ findings: FindingsData; swot: SwotData }> {
  const base = { organization: { name: 'Corvid Health', sector: 'healthcare', geography: 'US' }, evidence: [{ id: 'b3000000-0000-4000-8000-000000000001', title: 'Operations data Q3', type: 'file' as const, text }] };
  const texts = new Map(base.evidence.map((e) => [e.id, e.text]));
  const provider = createLocalProvider();
  const findings = resolveStep('findings', (await provider.draft(draftInputOf(base, 'findings'))).output, texts).data as FindingsData;
  const swot = resolveStep('swot', (await provider.draft(draftInputOf(base, 'swot', { findings }))).output, texts).data as SwotData;
  return { findings, swot };
}

const swotText = (swot: SwotData) => [...swot.strengths, ...swot.weaknesses, ...swot.opportunities, ...swot.threats].map((s) => s.text).join('\n');

describe('the reading layer on the sentences that broke drafts', () => {
  it('"Revenue was flat at $212 million while material costs rose 9%" yields no revenue rise', async () => {
    const { claims } = read('Revenue was flat at $212 million while material costs rose 9%.');
    const revenue = claims.find((c) => c.measure?.id === 'revenue')!;
    expect(revenue.current?.text).toBe('$212 million');
    expect(revenue.change).toBeUndefined();
    expect(revenue.movement).toBe(0);
    expect(revenue.valence).toBe(0);
    const costs = claims.find((c) => /material costs/i.test(c.name))!;
    expect(costs.change).toMatchObject({ text: '9%', dir: 1 });
    expect(costs.valence).toBe(-1);
    const { findings, swot } = await draft('Revenue was flat at $212 million while material costs rose 9%.');
    const drafted = `${findings.findings.map((f) => f.statement).join('\n')}\n${swotText(swot)}`;
    expect(drafted).not.toMatch(/revenue (?:grew|rose|increased|is up)/i);
    expect(drafted).not.toMatch(/revenue[^.]*9%/i);
    expect(swot.strengths).toEqual([]);
  });

  it('"payback lengthened to 31 months" stays a payback', async () => {
    const [claim] = read('Customer acquisition cost payback lengthened to 31 months.').claims;
    expect(claim!.name).toBe('Customer acquisition cost payback');
    expect(claim!.current).toMatchObject({ value: 31, unit: 'months' });
    expect(claim!.trend).toBe(1);
    expect(claim!.valence).toBe(-1);
    const { findings } = await draft('Customer acquisition cost payback lengthened to 31 months.');
    expect(findings.findings[0]!.statement).toMatch(/^Customer acquisition cost payback (?:lengthened|rose) to 31 months\./);
  });

  it('"Median first response time is 11 hours against a contractual 4 hours" is a gap of 7 hours on first response time', async () => {
    const [claim] = read('Median first response time is 11 hours against a contractual 4 hours.').claims;
    expect(claim!.measure?.id).toBe('response-time');
    expect(claim!.named).toBe('median first response time');
    expect(claim!.qualifier).toBe('');
    expect(claim!.current).toMatchObject({ value: 11, unit: 'hours' });
    expect(claim!.benchmark).toMatchObject({ value: 4, unit: 'hours', label: 'contractual level' });
    expect(claim!.current!.value - claim!.benchmark!.value).toBe(7);
    expect(claim!.valence).toBe(-1);
    const { findings, swot } = await draft('Median first response time is 11 hours against a contractual 4 hours.');
    expect(findings.findings[0]!.statement).toMatch(/^Median first response time is 11 hours, 7 hours above the contractual level of 4 hours\./);
    expect(swot.weaknesses.map((w) => w.text)).toEqual([expect.stringMatching(/^Median first response time is 11 hours/)]);
  });

  it('"Bed occupancy averaged 94% against a safe level of 85%" is bad', () => {
    const [claim] = read('Bed occupancy averaged 94% against a safe level of 85%.').claims;
    expect(claim!.name).toBe('Bed occupancy');
    expect(claim!.current?.value).toBe(94);
    expect(claim!.benchmark).toMatchObject({ value: 85, label: 'safe level', bound: 1 });
    expect(claim!.valence).toBe(-1);
  });

  it('"payers now reimburse telehealth at parity" is an opportunity; "The state will cut Medicaid reimbursement by 3% next year" a threat', async () => {
    const [parity] = read('Payers now reimburse telehealth at parity with in-person visits.').events;
    expect(parity).toMatchObject({ valence: 1, external: true, kind: 'event' });
    const [cut] = read('The state will cut Medicaid reimbursement by 3% next year.').events;
    expect(cut).toMatchObject({ valence: -1, external: true, kind: 'event' });
    expect(cut!.figures.map((f) => f.text)).toEqual(['3%']);
    const { swot } = await draft('Payers now reimburse telehealth at parity with in-person visits. The state will cut Medicaid reimbursement by 3% next year.');
    expect(swot.opportunities.map((o) => o.text).join('\n')).toMatch(/telehealth at parity/);
    expect(swot.threats.map((t) => t.text).join('\n')).toMatch(/cut Medicaid reimbursement by 3% next year/);
    expect(swot.strengths).toEqual([]);
    expect(swot.weaknesses).toEqual([]);
  });

  it('reads the hospital group\'s and the SaaS company\'s missed facts: a backlog, vacancies, readmissions against the national rate, a rule change and a price-cut demand', async () => {
    const [readmissions, ...rest] = read('The 30-day readmission rate is 21%, above the national average of 18%.').claims;
    // "30-day" names the measure; it is no figure of its own
    expect(rest).toEqual([]);
    expect(readmissions).toMatchObject({ name: '30-day readmission rate', valence: -1 });
    expect(readmissions!.current?.value).toBe(21);
    expect(readmissions!.benchmark).toMatchObject({ value: 18, label: 'national average' });
    // a figure inside the phrase it measures: a price cut, not the largest customer's concentration
    const cut = read('Our largest customer has asked for a 5% price cut at renewal.');
    expect(cut.claims.find((c) => c.current?.value === 5)!.name).toBe('Price cut');
    expect(cut.claims.some((c) => c.measure?.id === 'customer-concentration' && c.current)).toBe(false);
    expect(cut.events.map((e) => e.valence)).toEqual([-1]);
    expect(read('A new data-residency rule takes effect next year and touches 30% of the pipeline.').events.map((e) => e.valence)).toEqual([-1]);
    const { swot } = await draft(
      'The elective surgery backlog stands at 2,800 patients. The nurse vacancy rate is 13%. The 30-day readmission rate is 21%, above the national average of 18%. A new data-residency rule takes effect next year and touches 30% of the pipeline. Our largest customer has asked for a 5% price cut at renewal.',
    );
    const weaknesses = swot.weaknesses.map((w) => w.text).join('\n');
    expect(weaknesses).toMatch(/backlog stands at 2,800 patients/);
    expect(weaknesses).toMatch(/nurse vacancy rate stands at 13%/);
    expect(weaknesses).toMatch(/30-day readmission rate stands at 21%, 3 points above the national average of 18%/);
    const threats = swot.threats.map((t) => t.text).join('\n');
    expect(threats).toMatch(/data-residency rule takes effect next year and touches 30% of the pipeline/);
    expect(threats).toMatch(/asked for a 5% price cut/);
    expect(`${weaknesses}\n${threats}`).not.toMatch(/concentration (?:fell|rose)/i);
  });

  it('reads the manufacturer\'s missed facts: downtime, scrap against its benchmark, customer concentration, the workforce', async () => {
    const turnover = read('Staff turnover on the shop floor reached 22%.').claims[0]!;
    // "shop floor" is a place, not a floor the measure must stay above
    expect(turnover.current?.value).toBe(22);
    expect(turnover.benchmark).toBeUndefined();
    expect(read('Scrap is 4.2% against an industry benchmark of 2.5%.').claims[0]!.benchmark).toMatchObject({ value: 2.5, label: 'industry benchmark' });
    expect(read('Our two largest customers account for 46% of sales.').claims[0]).toMatchObject({ name: 'Customer concentration', valence: -1 });
    const { swot } = await draft(
      'Unplanned downtime ran at 14% of planned hours last year. Scrap is 4.2% against an industry benchmark of 2.5%. Our two largest customers account for 46% of sales. Staff turnover on the shop floor reached 22%, and 1 in 5 welders will retire within three years.',
    );
    const placed = swotText(swot);
    for (const fact of [/downtime[^.]*14%/i, /Scrap is 4.2%, 1.7 points above the industry benchmark of 2.5%/, /46% of sales/, /turnover on the shop floor[^.]*22%/i, /welders[^.]*1 in 5/]) expect(placed).toMatch(fact);
    expect(swot.strengths).toEqual([]);
  });

  it('reads a Q&A transcript and terse notes: spelled-out times, a measure written as an acronym, a speaker\'s "we" as the organization', async () => {
    expect(read('A: Time to hire is about four months.').claims[0]).toMatchObject({ measure: expect.objectContaining({ id: 'time-to-fill' }), current: expect.objectContaining({ value: 4, unit: 'months' }) });
    // a duration that says how long something went on is no value of the measure
    expect(read('Revenue grew for three years in a row.').claims.some((c) => c.current?.unit === 'years')).toBe(false);
    expect(read('- NPS 42 (last year 35).').claims[0]).toMatchObject({ current: expect.objectContaining({ value: 42 }), previous: expect.objectContaining({ value: 35 }), valence: 1 });
    // "SOC 2" and "ISO 14001" stay names
    expect(read('We are certified to ISO 14001 and SOC 2.').claims).toEqual([]);
    const { findings } = await draft('Q: And people?\nA: We lost 14 of our 60 engineers last year.');
    expect(findings.findings.map((f) => f.statement).join('\n')).not.toMatch(/\blosts\b/);
  });

  it('never tears a sentence\'s first word from its phrase ("First response time in Median …", "Customer churn in Gross …")', async () => {
    const text = 'Median first response time is 11 hours, well above the 4 hours benchmark. Gross logo churn rose to 14%.';
    for (const sentence of text.split(/(?<=\.) /)) for (const c of read(sentence).claims) expect(c.qualifier, sentence).not.toMatch(/\b(?:Median|Gross)\b/);
    const { findings, swot } = await draft(text);
    const drafted = `${findings.findings.map((f) => f.statement).join('\n')}\n${swotText(swot)}`;
    expect(drafted).not.toMatch(/\bin (?:Median|Gross)\b/);
    expect(drafted).toMatch(/Median first response time is 11 hours/);
    expect(drafted).toMatch(/Gross logo churn rose to 14%/);
  });
});
