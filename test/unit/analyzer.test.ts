import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Analysis, DIMENSIONS, type Dimension } from '@shared/schemas/analysis';
import { DIMENSION_LEXICONS } from '../../functions/domain/ai/text/lexicons';
import { composeContext } from '../../functions/domain/ai/providers/local-context-writer';
import { analyzeText } from '../../functions/domain/ai/providers/local-ingest-analyser';
import { createLocalProvider } from '../../functions/domain/ai/providers/local-provider';
import { splitSentences, stem } from '../../functions/domain/ai/text/text-analysis';
import { joinParagraphs } from '../../functions/domain/ai/port/analysis-provider';

const ANNUAL_REVIEW = `Acme Retail Group: annual review 2024.

Revenue grew 12% year on year to $48 million, while gross margin improved from 31% to 34%. EBITDA reached $6.1 million and free cash flow turned positive in the second half.
Customer churn fell to 4.2% after the loyalty programme relaunch, and the net promoter score rose to 46. The premium segment now accounts for 38% of sales.
Two low-cost competitors entered the market in 2023 and pricing pressure intensified; Acme lost share in the value segment to the market leader.
Staff attrition in stores remains high at 28%, and engagement survey scores dropped; the leadership team has launched a training and career programme.
Warehouse automation cut order fulfilment lead time from 3 days to 1.5 days, and inventory turns improved.
The company faces new GDPR compliance obligations and a pending litigation with a former supplier; a cyber incident in May exposed weaknesses in internal controls.
The weather was pleasant during the annual meeting.`;

const FINANCE_MEMO = `Q3 financial summary. Revenue was $12.4 million, up 8% on the prior year, and operating margin widened to 14%.
Net income rose to $1.9 million. Operating cash flow was strong at $2.6 million and working capital improved.
Capex of $0.8 million went to the new billing system. Debt fell and the balance sheet remains healthy.
The board approved the budget and the revised forecast for next year, with EBITDA guidance of $7 million.`;

const PEOPLE_NOTES = `Interview with the HR director. Employee engagement has fallen for two years and staff attrition reached 22%.
Managers say the culture is siloed and leadership communication is poor. Training budgets were cut, so skills gaps are growing.
Hiring engineers takes four months; compensation is below market. A new mentoring and career framework is planned.`;

function expectExactSpans(text: string, analysis: Analysis) {
  for (const insight of analysis.key_insights) {
    expect(text.slice(insight.start, insight.end)).toBe(insight.text);
  }
}

describe('local analyzer: dimensions', () => {
  it('has at least 40 weighted terms per dimension', () => {
    for (const dim of DIMENSIONS) expect(Object.keys(DIMENSION_LEXICONS[dim]).length, dim).toBeGreaterThanOrEqual(40);
  });

  it('scores a financial memo highest on Financial Performance', () => {
    // Act
    const a = analyzeText({ text: FINANCE_MEMO, kind: 'file' });
    // Assess
    const order = [...DIMENSIONS].sort((x, y) => a.dimension_scores[y] - a.dimension_scores[x]);
    expect(order[0]).toBe('Financial Performance');
    expect(a.business_dimensions[0]).toBe('Financial Performance');
    expect(a.dimension_scores['Financial Performance']).toBeGreaterThan(0.9);
    expect(a.dimension_scores['People & Culture']).toBeLessThan(0.2);
    expect(a.business_dimensions).not.toContain('People & Culture');
  });

  it('scores HR interview notes highest on People & Culture', () => {
    const a = analyzeText({ text: PEOPLE_NOTES, kind: 'interview' });
    expect(a.business_dimensions[0]).toBe('People & Culture');
    expect(a.dimension_scores['People & Culture']).toBeGreaterThan(a.dimension_scores['Financial Performance']);
    expect(a.dimension_scores['People & Culture']).toBeGreaterThan(a.dimension_scores['Risks & Compliance']);
  });

  it('lists the clearly applying dimensions strongest first, and scores every dimension 0..1', () => {
    const a = analyzeText({ text: ANNUAL_REVIEW, kind: 'file' });
    expect(z.safeParse(Analysis, a).success).toBe(true);
    expect(Object.keys(a.dimension_scores).sort()).toEqual([...DIMENSIONS].sort());
    for (const dim of DIMENSIONS) expect(a.dimension_scores[dim]).toBeGreaterThanOrEqual(0);
    const scores = a.business_dimensions.map((d: Dimension) => a.dimension_scores[d]);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    expect(a.business_dimensions).toEqual(expect.arrayContaining(['Financial Performance', 'Market & Customers', 'Risks & Compliance']));
  });

  it('counts a phrase once, for the dimension it belongs to ("employee retention" is People, not Market)', () => {
    const a = analyzeText({ text: 'Employee retention improved after the new onboarding and mentoring scheme for staff.', kind: 'interview' });
    expect(a.dimension_scores['Market & Customers']).toBe(0);
    expect(a.dimension_scores['People & Culture']).toBeGreaterThan(0);
  });
});

describe('local analyzer: key insights', () => {
  it('picks 3 to 7 insights that are exact spans of the text, with figures and varied dimensions', () => {
    // Act
    const a = analyzeText({ text: ANNUAL_REVIEW, kind: 'file' });
    // Assess
    expect(a.key_insights.length).toBeGreaterThanOrEqual(3);
    expect(a.key_insights.length).toBeLessThanOrEqual(7);
    expectExactSpans(ANNUAL_REVIEW, a);
    expect(a.key_insights[0]!.text).toBe(
      'Revenue grew 12% year on year to $48 million, while gross margin improved from 31% to 34%.',
    );
    expect(a.key_insights[0]!.dimension).toBe('Financial Performance');
    expect(new Set(a.key_insights.map((i) => i.dimension)).size).toBeGreaterThanOrEqual(3);
    expect(a.key_insights.map((i) => i.text)).not.toContain('The weather was pleasant during the annual meeting.');
    const scores = a.key_insights.map((i) => i.score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    for (const s of scores) expect(s > 0 && s <= 1).toBe(true);
  });

  it('gives the same answer for the same input', () => {
    const input = { text: ANNUAL_REVIEW, kind: 'url' as const, context: { objectives: 'growth and customers' } };
    expect(analyzeText(input)).toEqual(analyzeText(input));
    expect(JSON.stringify(analyzeText(input))).toBe(JSON.stringify(analyzeText(structuredClone(input))));
  });

  it('copes with empty, tiny and odd text without throwing', () => {
    for (const text of ['', '   ', 'Hi.', '12345', '\u0000\u0001', '# Sheet: A\nx\ty', 'No business words here at all, just a friendly sentence.']) {
      const a = analyzeText({ text, kind: 'file' });
      expect(z.safeParse(Analysis, a).success, JSON.stringify(text)).toBe(true);
      expect(a.key_insights).toEqual([]);
      expect(a.relevance_score).toBe(0.8);
    }
    const one = 'Customer churn fell to 3% after the loyalty relaunch.';
    const a = analyzeText({ text: one, kind: 'interview' });
    expect(a.key_insights).toHaveLength(1);
    expectExactSpans(one, a);
  });

  it('keeps offsets right in text with CRLF line breaks, bullets, abbreviations and unicode', () => {
    const text =
      '• Revenue rose 9% to €3.2m, i.e. ahead of budget.\r\n- Customer churn fell to 2.1% (vs. 3.4%) after the NPS programme.\r\n' +
      '😀 Staff attrition fell as the leadership team invested in training and career paths.';
    const a = analyzeText({ text, kind: 'file' });
    expect(a.key_insights.length).toBeGreaterThanOrEqual(2);
    expectExactSpans(text, a);
    expect(a.key_insights.map((i) => i.text)).toContain('Revenue rose 9% to €3.2m, i.e. ahead of budget.');
  });
});

describe('local analyzer: relevance', () => {
  it('uses the spec defaults without objectives or organization: 0.8 for files and URLs, 0.9 for interviews', () => {
    expect(analyzeText({ text: FINANCE_MEMO, kind: 'file' }).relevance_score).toBe(0.8);
    expect(analyzeText({ text: FINANCE_MEMO, kind: 'url' }).relevance_score).toBe(0.8);
    expect(analyzeText({ text: PEOPLE_NOTES, kind: 'interview' }).relevance_score).toBe(0.9);
  });

  it('scores a document that matches the objectives above one that does not', () => {
    // Prepare
    const context = {
      objectives: 'Assess workforce engagement, attrition, leadership culture and training needs',
      organization: { name: 'Acme Retail Group', sector: 'retail', geography: 'United Kingdom' },
    };
    // Act
    const onTopic = analyzeText({ text: PEOPLE_NOTES, kind: 'interview', context }).relevance_score;
    const offTopic = analyzeText({ text: FINANCE_MEMO, kind: 'interview', context }).relevance_score;
    const unrelated = analyzeText({ text: 'The weather in the mountains was cold and the trail was icy.', kind: 'interview', context }).relevance_score;
    // Assess
    expect(onTopic).toBeGreaterThanOrEqual(0.7);
    expect(onTopic).toBeGreaterThan(offTopic);
    expect(offTopic).toBeGreaterThan(unrelated);
    expect(unrelated).toBeLessThan(0.3);
    for (const r of [onTopic, offTopic, unrelated]) expect(r >= 0 && r <= 1).toBe(true);
  });

  it('rewards naming the organization', () => {
    const context = { organization: { name: 'Acme Retail Group', sector: 'retail' } };
    const named = analyzeText({ text: ANNUAL_REVIEW, kind: 'file', context }).relevance_score;
    const anonymous = analyzeText({ text: ANNUAL_REVIEW.replaceAll('Acme Retail Group', 'The group'), kind: 'file', context }).relevance_score;
    expect(named).toBeGreaterThan(anonymous);
  });
});

describe('text machinery', () => {
  it('splits sentences at terminators and line breaks, not at abbreviations or decimals', () => {
    const text = 'Sales rose 3.5% in the U.S. market. Mr. Smith agreed!\nNext line without stop\n\n# Sheet: X\nLast one? Yes.';
    const spans = splitSentences(text).map((s) => text.slice(s.start, s.end));
    expect(spans).toEqual(['Sales rose 3.5% in the U.S. market.', 'Mr. Smith agreed!', 'Next line without stop', 'Last one?', 'Yes.']);
  });

  it('stems plurals only', () => {
    expect(['margins', 'companies', 'processes', 'status', 'analysis', 'sales', "customer's"].map(stem)).toEqual([
      'margin', 'company', 'process', 'status', 'analysis', 'sale', 'customer',
    ]);
  });
});

describe('local provider: business context', () => {
  const org = { name: 'Acme Retail Group', sector: 'retail', geography: 'the United Kingdom' };

  it('writes six paragraphs in the SPA order from the evidence’s own sentences, citing their ids', () => {
    // Prepare
    const evidence = [
      { id: 'ev-annual', title: 'Annual review 2024', text: ANNUAL_REVIEW },
      { id: 'ev-hr', title: 'HR director interview', text: PEOPLE_NOTES },
      { id: 'ev-fin', title: 'Q3 financial summary', text: FINANCE_MEMO },
    ];
    // Act
    const context = composeContext({ organization: org, evidence });
    // Assess
    expect(context.paragraphs).toHaveLength(6);
    const [background, operations, market, competition, people, risks] = context.paragraphs;
    expect(background!.text.startsWith('Acme Retail Group is a retail organization based in the United Kingdom.')).toBe(true);
    expect(background!.text).toMatch(/Revenue grew 12% year on year to \$48 million/);
    expect(operations!.text).toContain('Warehouse automation cut order fulfilment lead time');
    expect(market!.text).toContain('Customer churn fell to 4.2%');
    expect(competition!.text).toContain('Two low-cost competitors entered the market in 2023');
    expect(people!.text).toMatch(/attrition/);
    expect(risks!.text).toContain('GDPR compliance obligations');
    expect(people!.evidence_ids).toContain('ev-hr');
    for (const p of context.paragraphs) {
      expect(p.text).not.toMatch(/\n/);
      for (const id of p.evidence_ids) expect(['ev-annual', 'ev-hr', 'ev-fin']).toContain(id);
    }
    expect(context.paragraphs.flatMap((p) => p.evidence_ids)).toEqual(expect.arrayContaining(['ev-annual', 'ev-hr', 'ev-fin']));
    // the SPA splits the joined text on blank lines back into the same paragraphs
    expect(joinParagraphs(context).split(/\n\s*\n/)).toHaveLength(6);
  });

  it('quotes each sentence once and names its source', () => {
    const context = composeContext({ organization: org, evidence: [{ id: 'a', title: 'Annual review 2024', text: ANNUAL_REVIEW }] });
    const all = joinParagraphs(context);
    expect(all.match(/Customer churn fell to 4\.2%/g)).toHaveLength(1);
    expect(all).toContain('(Annual review 2024).');
  });

  it('uses stored insights when the evidence has them', () => {
    const text = 'Filler sentence. Revenue grew 40% after the price rise. More filler here.';
    const start = text.indexOf('Revenue');
    const insight = { text: 'Revenue grew 40% after the price rise.', start, end: start + 38, dimension: 'Financial Performance' as const, score: 0.9 };
    const context = composeContext({ organization: org, evidence: [{ id: 'x', title: 'Pricing memo', text, insights: [insight] }] });
    expect(context.paragraphs[0]!.text).toContain('Revenue grew 40% after the price rise (Pricing memo).');
    expect(context.paragraphs[0]!.evidence_ids).toEqual(['x']);
  });

  it('writes from the organization alone when there is no evidence, citing nothing', async () => {
    const context = await createLocalProvider().generateContext({ organization: { name: 'Northwind', sector: 'Healthcare', geography: 'Canada' }, evidence: [] });
    expect(context.paragraphs.length).toBeGreaterThanOrEqual(5);
    expect(context.paragraphs.length).toBeLessThanOrEqual(6);
    expect(context.paragraphs[0]!.text).toBe(
      "Northwind is a healthcare organization based in Canada. The evidence so far says little about Northwind's financial performance.",
    );
    for (const p of context.paragraphs) expect(p.evidence_ids).toEqual([]);
    expect(joinParagraphs(context)).toContain('Northwind');
  });

  it('is deterministic', () => {
    const input = { organization: org, evidence: [{ id: 'a', title: 'A', text: ANNUAL_REVIEW }, { id: 'b', title: 'B', text: PEOPLE_NOTES }] };
    expect(composeContext(input)).toEqual(composeContext(structuredClone(input)));
  });
});
