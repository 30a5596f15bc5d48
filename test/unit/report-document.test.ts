import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { citationFromText, citationKeysIn, quoteHolds, stepCitations } from '@shared/domain/report/citations';
import { completeness, completenessColour, completenessLabel } from '@shared/domain/report/completeness';
import { stepCompletion } from '@shared/domain/report/completion';
import { composeAll, composeSection, sectionsForStep, type ComposeInput } from '@shared/domain/report/compose';
import { checkConsistency, issuesForStep } from '@shared/domain/report/consistency';
import { citationOrder, markdownComplexity, markdownTooComplex, parseReportMarkdown } from '@shared/domain/report/markdown';
import { Citation, SaveSectionBody, SECTION_KEYS } from '@shared/schemas/report-document';
import { parseWizardData, SaveProgressBody, type WizardData } from '@shared/schemas/wizard';

const EVIDENCE = 'Revenue grew 12% to 480 million. Customer churn rose to 9% after the price increase. Zürich’s 🚀 team doubled.';
const E1 = '11111111-1111-4111-8111-111111111111';
const cite = (needle: string, id: string) => citationFromText(E1, EVIDENCE, EVIDENCE.indexOf(needle), EVIDENCE.indexOf(needle) + needle.length, id);

/** A small but complete report: every step filled, one of everything. */
function fullReport(): WizardData {
  return parseWizardData({
    setup: { organizationName: 'Acme Ltd', sector: 'retail', geography: 'UK', reportTitle: 'Acme assessment', reportOwner: 'Ann Lee', stakeholders: [{ name: 'Jo | Smith', role: 'CFO', influence: 'High' }] },
    objectives: { purpose: 'Assess the operating model.', inScope: 'UK stores', outOfScope: 'Online', methodology: 'Interviews and analysis' },
    context: { companyBackground: 'Acme sells things.', marketEnvironment: 'The market is crowded.', internalContext: '' },
    findings: {
      dimensions: [
        { dimension: 'Financial Performance', score: 72, computed_score: 70, basis: [{ evidence_id: E1, title: 'Annual report', relevance: 0.9, dimension_score: 0.7 }], note: 'CFO view' },
        { dimension: 'People & Culture', score: 0, out_of_scope: true },
      ],
      findings: [
        { id: 'f1', statement: 'Revenue is growing.', dimension: 'Financial Performance', impact: 'high', metric: { name: 'Revenue growth', value: 12, unit: '%', period: 'FY2025' }, citations: [cite('Revenue grew 12%', 'c1')] },
        { id: 'f2', statement: 'Churn is rising.', dimension: 'Market & Customers', impact: 'medium', citations: [cite('Customer churn rose to 9%', 'c2')] },
        { id: 'f3', statement: 'Processes are manual.', dimension: 'Operational Efficiency', impact: 'low', citations: [] },
      ],
    },
    swot: {
      strengths: [{ id: 's1', text: 'Growing revenue', finding_ids: ['f1'] }],
      weaknesses: [{ id: 'w1', text: 'Rising churn', finding_ids: ['f2'] }],
      opportunities: [],
      threats: [],
      none: { opportunities: true, threats: true },
    },
    recommendations: {
      items: [
        { id: 'r1', title: 'Launch a retention programme', rationale: 'Churn costs revenue.', priority: 'high', impact: 4, effort: 2, finding_ids: ['f2'], swot_ids: ['w1'], owner: 'COO', kpi: 'Churn below 6%' },
        { id: 'r2', title: 'Automate order processing', priority: 'medium', impact: 3, effort: 4, finding_ids: ['f3'] },
      ],
    },
    roadmap: {
      items: [
        { id: 'a1', title: 'Design the retention offer', phase_id: 'phase-1', start_month: 0, end_month: 3, owner: 'COO', recommendation_id: 'r1' },
        { id: 'a2', title: 'Pilot order automation', phase_id: 'phase-2', start_month: 3, end_month: 6, recommendation_id: 'r2' },
      ],
    },
    'executive-summary': {
      key_messages: [{ id: 'k1', text: 'Growth is real but churn threatens it.', citations: [cite('Customer churn rose to 9%', 'c2')] }],
      summary: 'Acme should launch a retention programme now [@c1].',
      citations: [cite('Revenue grew 12%', 'c1')],
    },
  }).data;
}

const input = (data: WizardData): ComposeInput => ({
  data,
  report: { title: 'Acme assessment', owner: 'Ann Lee' },
  organization: { name: 'Acme Ltd', sector: 'retail', geography: 'UK' },
  evidence: [
    { id: E1, title: 'Annual report', type: 'file', source: 'annual.pdf', relevanceScore: 0.9 },
    { id: '22222222-2222-4222-8222-222222222222', title: 'Acme website', type: 'url', source: 'https://acme.example', relevanceScore: 0.8 },
  ],
});

describe('completeness (spec section 4)', () => {
  it.each([
    [100, 0, 'grey', '0%'],
    [101, 10.1, 'grey', '10%'],
    [400, 40, 'grey', '40%'],
    [401, 40.1, 'yellow', '40%'],
    [800, 80, 'yellow', '80%'],
    [801, 80.1, 'green', '80%'],
    [5000, 100, 'green', '100%'],
  ])('%i characters → %s, %s', (chars, value, colour, label) => {
    const c = completeness('x'.repeat(chars));
    expect(c).toBeCloseTo(value, 10);
    expect(completenessColour(c)).toBe(colour);
    expect(completenessLabel(c)).toBe(label);
  });

  it('counts characters as a person does (an emoji is one)', () => {
    expect(completeness('🚀'.repeat(101))).toBeCloseTo(10.1, 10);
  });
});

describe('citations', () => {
  it('verifies an exact quote and refuses one off by one, in either direction', () => {
    const c = cite('churn rose', 'c9');
    expect(quoteHolds(EVIDENCE, c)).toBe(true);
    expect(quoteHolds(EVIDENCE, { ...c, start: c.start + 1, end: c.end + 1 })).toBe(false);
    expect(quoteHolds(EVIDENCE, { ...c, start: c.start - 1, end: c.end - 1 })).toBe(false);
    expect(quoteHolds(EVIDENCE, { ...c, end: EVIDENCE.length + 5 })).toBe(false);
  });

  it('verifies quotes with accents and astral characters by JavaScript offsets', () => {
    const c = cite('Zürich’s 🚀 team', 'c8');
    expect(c.end - c.start).toBe('Zürich’s 🚀 team'.length);
    expect(quoteHolds(EVIDENCE, c)).toBe(true);
    // half an emoji is not the passage
    expect(quoteHolds(EVIDENCE, { ...c, end: c.end - 6, quote: c.quote.slice(0, -6) })).toBe(true);
    expect(quoteHolds(EVIDENCE, { ...c, quote: c.quote.replace('ü', 'u') })).toBe(false);
  });

  it('the schema refuses a citation whose quote length is not end − start', () => {
    const parsed = z.safeParse(Citation, { ...cite('Revenue', 'c1'), end: 999 });
    expect(parsed.success).toBe(false);
  });

  it('finds citation keys in markdown in order, once each', () => {
    expect(citationKeysIn('a [@c2] b [@c1][@c2] [@not valid] [@c_3-x]')).toEqual(['c2', 'c1', 'c_3-x']);
  });

  it('lists every citation of the step data with its item', () => {
    const placed = stepCitations(fullReport());
    expect(placed.map((p) => `${p.step}:${p.item_id}:${p.citation.id}`)).toEqual([
      'findings:f1:c1',
      'findings:f2:c2',
      'executive-summary:k1:c2',
      'executive-summary:null:c1',
    ]);
    expect(placed[0]!.label).toBe('F1 Revenue is growing.');
  });
});

describe('compose', () => {
  it('composes every section deterministically, in report order', () => {
    const a = composeAll(input(fullReport()));
    const b = composeAll(input(fullReport()));
    expect(a).toEqual(b);
    expect(a.map((s) => s.key)).toEqual([...SECTION_KEYS]);
    for (const s of a) expect(s.content.trim().length, s.key).toBeGreaterThan(0);
  });

  it('executive summary: the summary text, then numbered key messages with their citations', () => {
    const s = composeSection('executive-summary', input(fullReport()));
    expect(s.content).toBe('Acme should launch a retention programme now [@c1].\n\n## Key messages\n\n1. Growth is real but churn threatens it. [@c2]');
    expect(s.citations.map((c) => c.id)).toEqual(['c1', 'c2']);
  });

  it('introduction: purpose, scope, methodology with the evidence counted, stakeholders as a table', () => {
    const s = composeSection('introduction', input(fullReport()));
    expect(s.content).toContain('assesses Acme Ltd (retail, UK). It was prepared by Ann Lee.');
    expect(s.content).toContain('## Purpose\n\nAssess the operating model.');
    expect(s.content).toContain('**In scope:** UK stores');
    expect(s.content).toContain('The assessment draws on 2 pieces of evidence: 1 document and 1 web page.');
    expect(s.content).toContain('| Jo \\| Smith | CFO | High |');
  });

  it('business context: the three parts that have text', () => {
    expect(composeSection('business-context', input(fullReport())).content).toBe('## Company background\n\nAcme sells things.\n\n## Market environment\n\nThe market is crowded.');
  });

  it('findings: a statement of several sentences gives its first as the heading and the rest as the paragraph, its evidence in the notes', () => {
    const data = fullReport();
    data.findings!.findings[0]!.statement =
      'Gross margin fell 5 points as freight outpaced prices. The board pack and the CFO both give 36.5%, so the figure is corroborated.\n\nFreight rose 18% while prices rose 4%.';
    const s = composeSection('findings', input(data));
    expect(s.content).toContain(
      '### Gross margin fell 5 points as freight outpaced prices (F1, high impact)\n\nThe board pack and the CFO both give 36.5%, so the figure is corroborated. Freight rose 18% while prices rose 4%. [@c1]',
    );
    // prose, not a list of labelled findings
    expect(s.content).not.toMatch(/^- \*\*F\d/m);
  });

  it('findings: the score table with its basis, findings by dimension as prose (action title, argument, evidence as notes), the metrics table', () => {
    const s = composeSection('findings', input(fullReport()));
    expect(s.content).toContain('| Financial Performance | 72/100 | 1 evidence item; adjusted from 70: CFO view |');
    expect(s.content).toContain('| People & Culture | – | Out of scope |');
    // a statement of one sentence: its figure is the paragraph; with no figure, the heading carries the notes
    expect(s.content).toContain('## Financial Performance\n\n### Revenue is growing (F1, high impact)\n\nRevenue growth: 12% (FY2025). [@c1]');
    expect(s.content).toContain('### Processes are manual (F3, low impact)\n');
    expect(s.content).toContain('### Churn is rising (F2, medium impact) [@c2]');
    expect(s.content).not.toMatch(/^- \*\*F\d/m);
    expect(s.content).toContain('| Revenue growth | 12% | FY2025 | F1 |');
    expect(s.citations.map((c) => c.id)).toEqual(['c1', 'c2']);
  });

  it('SWOT: a 2×2 grid as two two-column tables; a quadrant marked none says so', () => {
    const s = composeSection('swot', input(fullReport()));
    expect(s.content).toBe(
      '| Strengths | Weaknesses |\n| --- | --- |\n| **S1** Growing revenue (F1) | **W1** Rising churn (F2) |\n\n| Opportunities | Threats |\n| --- | --- |\n| None identified | None identified |',
    );
  });

  it('recommendations: an overview table and numbered details with what each addresses', () => {
    const s = composeSection('recommendations', input(fullReport()));
    expect(s.content).toContain('| R1 | Launch a retention programme | High | 4/5 | 2/5 | COO |');
    expect(s.content).toContain('1. **Launch a retention programme** Churn costs revenue.\n   - Priority: High; impact 4/5; effort 2/5\n   - Addresses: F2, W1\n   - Owner: COO\n   - Success measure: Churn below 6%');
    expect(s.content).toContain('2. **Automate order processing**\n   - Priority: Medium; impact 3/5; effort 4/5\n   - Addresses: F3');
  });

  it('roadmap: phases, and actions by phase with the recommendation each carries out', () => {
    const s = composeSection('roadmap', input(fullReport()));
    // each phase says what happens in it, not only its months
    expect(s.content).toContain('- **0–3 months**: Design the retention offer');
    expect(s.content).not.toContain(': months 0–3');
    expect(s.content).toContain('| 0–3 months | **A1** Design the retention offer | 0–3 | COO | R1 Launch a retention programme |');
    expect(s.content).toContain('| 3–6 months | **A2** Pilot order automation | 3–6 | – | R2 Automate order processing |');
  });

  it('conclusion: the strongest and weakest dimensions are ones its findings speak to, each with its findings counted', () => {
    const report = fullReport();
    report.findings!.dimensions = [
      { dimension: 'Financial Performance', score: 72, computed_score: 70, basis: [], note: '' },
      { dimension: 'Market & Customers', score: 40, computed_score: 40, basis: [], note: '' },
      // the highest score, but no finding speaks to it
      { dimension: 'Risks & Compliance', score: 90, computed_score: 90, basis: [], note: '' },
    ] as never;
    const c = composeSection('conclusion', input(report));
    expect(c.content).toContain('the evidence is strongest on Financial Performance (72/100, 1 finding) and weakest on Market & Customers (40/100, 1 finding).');
    expect(c.content).not.toContain('Risks & Compliance');
  });

  it('conclusion and appendices come from the findings, recommendations, roadmap and evidence', () => {
    const c = composeSection('conclusion', input(fullReport()));
    expect(c.content).toContain('records 3 findings across three of the six dimensions, 1 of them of high impact.');
    expect(c.content).toContain('*Launch a retention programme*; *Automate order processing*');
    expect(c.content).toContain('## Next steps\n\nIn the first phase (0–3 months): Design the retention offer.');
    const a = composeSection('appendices', input(fullReport()));
    expect(a.content).toContain('| 2 | Acme website (https://acme.example) | Web page | 80% |');
    expect(a.content).toContain('## Scoring method');
  });

  it('an empty report composes to empty sections, and each step names the sections it feeds', () => {
    for (const s of composeAll({ ...input({}), evidence: [] })) if (s.key !== 'introduction') expect(s.content, s.key).toBe('');
    expect(sectionsForStep('findings')).toEqual(['findings', 'swot', 'recommendations', 'conclusion', 'appendices']);
  });
});

describe('consistency rules', () => {
  const rules = (data: WizardData, opts = {}) => checkConsistency(data, opts).issues.map((i) => i.rule);

  it('a coherent report raises only what it really lacks', () => {
    const report = checkConsistency(fullReport());
    // the conflicts between sources (rule 8) count only where they are given
    expect(report.rules_checked).toBe(7);
    expect(checkConsistency(fullReport(), { conflicts: [] }).rules_checked).toBe(8);
    // F3 has no citation; Competitive Landscape and Risks & Compliance have no finding
    expect(report.issues.map((i) => i.rule)).toEqual(['dimension-not-covered', 'finding-without-citation']);
    expect(report.issues[0]!.message).toBe('Competitive Landscape, Risks & Compliance have no finding and are not marked out of scope');
    expect(report.issues[1]!.message).toBe('F3 “Processes are manual.” cites no evidence');
  });

  it('a recommendation that addresses nothing is named, and a dangling id does not count', () => {
    const data = fullReport();
    data.recommendations!.items[1] = { ...data.recommendations!.items[1]!, finding_ids: ['gone'], swot_ids: ['s1'] };
    const issue = checkConsistency(data).issues.find((i) => i.rule === 'recommendation-addresses-nothing')!;
    expect(issue.message).toBe('R2 “Automate order processing” addresses no finding, weakness or threat');
    expect(issue.items[0]).toEqual({ kind: 'recommendation', id: 'r2', label: 'R2 “Automate order processing”', step: 'recommendations' });
  });

  it('a roadmap item without a recommendation, and a recommendation neither planned nor deferred', () => {
    const data = fullReport();
    data.roadmap!.items[1] = { ...data.roadmap!.items[1]!, recommendation_id: null };
    expect(rules(data)).toEqual(expect.arrayContaining(['roadmap-item-without-recommendation', 'recommendation-not-planned']));
    data.recommendations!.items[1] = { ...data.recommendations!.items[1]!, deferred: true };
    expect(rules(data)).not.toContain('recommendation-not-planned');
  });

  it('dimensions: covered by a finding or marked out of scope', () => {
    const data = fullReport();
    data.findings!.dimensions.push(
      { dimension: 'Competitive Landscape', score: 0, computed_score: null, basis: [], out_of_scope: true, note: '' },
      { dimension: 'Risks & Compliance', score: 0, computed_score: null, basis: [], out_of_scope: true, note: '' },
    );
    expect(rules(data)).not.toContain('dimension-not-covered');
  });

  it('broken citations, from the server or marked on the citation, name their items', () => {
    const data = fullReport();
    const fromServer = checkConsistency(data, { brokenCitations: new Set(['c2']) }).issues.find((i) => i.rule === 'citation-broken')!;
    expect(fromServer.items.map((i) => i.label)).toEqual(['F2 Churn is rising.', 'K1 Growth is real but churn threatens it.']);
    const sections = checkConsistency(data, { sectionCitations: [{ key: 'findings', title: 'Findings & Analysis', citations: [{ id: 'x', broken: true }] }] });
    expect(sections.issues.find((i) => i.rule === 'citation-broken')!.items).toEqual([{ kind: 'section', id: 'findings', label: 'Section “Findings & Analysis”', step: 'finalize' }]);
  });

  it('the executive summary must mention every high-priority recommendation by its title', () => {
    const data = fullReport();
    expect(rules(data)).not.toContain('summary-misses-priority');
    data['executive-summary']!.summary = 'Acme should keep its customers.';
    const issue = checkConsistency(data).issues.find((i) => i.rule === 'summary-misses-priority')!;
    expect(issue.message).toBe('The executive summary does not mention the high-priority recommendation R1 “Launch a retention programme”');
    expect(issuesForStep(checkConsistency(data), 'executive-summary').map((i) => i.rule)).toEqual(['summary-misses-priority']);
  });
});

describe('step completion checks', () => {
  it('findings, SWOT, recommendations, roadmap and summary', () => {
    const data = fullReport();
    for (const step of ['findings', 'swot', 'recommendations', 'roadmap', 'executive-summary'] as const) expect(stepCompletion(step, data), step).toEqual({ ok: true });
    expect(stepCompletion('findings', {})).toEqual({ ok: false, message: 'Please add at least one finding' });
    expect(stepCompletion('swot', { swot: { ...data.swot!, threats: [], none: { ...data.swot!.none, threats: false } } })).toEqual({
      ok: false,
      message: 'Please add an item to Threats or mark it "none"',
    });
    expect(stepCompletion('roadmap', { ...data, roadmap: { phases: data.roadmap!.phases, items: [] } })).toEqual({
      ok: false,
      message: '2 recommendations are neither on the roadmap nor deferred',
    });
    expect(stepCompletion('executive-summary', { 'executive-summary': { ...data['executive-summary']!, summary: '  ' } })).toMatchObject({ ok: false });
  });
});

describe('step data schemas', () => {
  it('parses stored data per step and keeps aside what does not parse, with the reason', () => {
    const { data, setAside } = parseWizardData({
      objectives: { purpose: 'p' },
      findings: { status: 'completed', findings: 'none' },
      bogus: { x: 1 },
    });
    expect(data.objectives).toEqual({ purpose: 'p', inScope: '', outOfScope: '', methodology: '' });
    expect(data.findings).toBeUndefined();
    expect(setAside.map((s) => s.step)).toEqual(['findings', 'bogus']);
    expect(setAside[0]!.raw).toEqual({ status: 'completed', findings: 'none' });
    expect(setAside[0]!.problem).toMatch(/findings/);
  });

  it('bounds every number and refuses prototype keys and unknown steps in a save', () => {
    const base = { report_id: '11111111-1111-4111-8111-111111111111', completed_steps: [], current_step: 0 };
    const huge = z.safeParse(SaveProgressBody, { ...base, version: 1e300, wizard_data: {} });
    expect(huge.success).toBe(false);
    const impact = z.safeParse(SaveProgressBody, { ...base, wizard_data: { recommendations: { items: [{ id: 'r1', title: 't', priority: 'high', impact: 9e15, effort: 1 }] } } });
    expect(impact.success).toBe(false);
    const proto = z.safeParse(SaveProgressBody, { ...base, wizard_data: JSON.parse('{"__proto__": {"polluted": true}}') });
    expect(proto.success).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const section = z.safeParse(SaveSectionBody, { content: 'x'.repeat(200_001), version: 0 });
    expect(section.success).toBe(false);
  });
});

describe('the markdown dialect', () => {
  it('turns [@id] into numbered citations and ![caption](visual:id) into visuals; keeps tables', () => {
    const tree = parseReportMarkdown('Revenue grew [@c1][@c2] and *margins* held [@c1].\n\n![Scores by dimension](visual:v-1)\n\n| a | b |\n|---|---|\n| x [@c3] | y |');
    const para = tree.children[0] as { children: { type: string; id?: string; n?: number }[] };
    expect(para.children.filter((c) => c.type === 'citation').map((c) => `${c.id}=${c.n}`)).toEqual(['c1=1', 'c2=2', 'c1=1']);
    expect((tree.children[1] as { children: unknown[] }).children[0]).toMatchObject({ type: 'visual', id: 'v-1', caption: 'Scores by dimension' });
    expect(tree.children[2]!.type).toBe('table');
    expect(citationOrder(tree)).toEqual(['c1', 'c2', 'c3']);
  });

  it('numbers across a whole report when given the numbers so far', () => {
    const tree = parseReportMarkdown('b [@c9] a [@c1]', { numbers: new Map([['c1', 1]]) });
    expect(citationOrder(tree)).toEqual(['c9', 'c1']);
    const nodes = (tree.children[0] as { children: { type: string; n?: number }[] }).children.filter((c) => c.type === 'citation');
    expect(nodes.map((n) => n.n)).toEqual([2, 1]);
  });

  it('does not turn ordinary links or images into visuals', () => {
    const tree = parseReportMarkdown('![x](https://example.com/a.png) ![y](visual:bad id) [@ not]');
    expect(JSON.stringify(tree)).not.toContain('"visual"');
    expect(JSON.stringify(tree)).not.toContain('"citation"');
  });

  it('parses hostile input in linear time or degrades to plain paragraphs', () => {
    const hostile = ['a*'.repeat(40_000), '[a]('.repeat(50_000), '>'.repeat(100_000), '[@c1]'.repeat(40_000), '1'.repeat(200_000), '*_'.repeat(100_000)];
    const timed = (text: string) => {
      const started = performance.now();
      const tree = parseReportMarkdown(text);
      return { ms: performance.now() - started, tree };
    };
    for (const text of hostile) {
      // the bound scales with plain prose of the same length parsed just before, so a loaded machine slows both
      // alike; a quadratic parse of these sizes would take minutes, far past either
      const plain = timed('Plain words of prose. '.repeat(Math.ceil(text.length / 22)).slice(0, text.length));
      const { ms, tree } = timed(text);
      expect(ms, text.slice(0, 10)).toBeLessThan(Math.max(1000, 15 * plain.ms));
      expect(tree.type).toBe('root');
    }
    expect(markdownTooComplex('a*'.repeat(40_000))).toBe('content has more than 4000 emphasis markers (* _ ~)');
    expect(markdownComplexity('[@c1] [x](y)')).toMatchObject({ brackets: 2, delimiterRuns: 0 });
  });
});
