/** A partner's pre-read: each rule with a passing and a failing report, the score and the order of the list. */
import { describe, expect, it } from 'vitest';
import { hasFiniteVerb, preRead, type PreReadSection } from '@shared/domain/pre-read/pre-read';

const GOOD_SUMMARY = 'Orbis should consolidate its depots, which would lift EBITDA margin from 8% to 11% by FY2026.';
const GOOD_FINDINGS = '## Financial\n\n### EBITDA margin fell to 8%, three points below peers (F1, high impact)\n\nThe CFO reports margin of 8% against 11% for peers. [@c1]';
const GOOD_RECS = [
  '| # | Recommendation |',
  '| --- | --- |',
  '| R1 | Consolidate depots |',
  '',
  '1. **Consolidate the five depots into three to cut cost per pallet by 12%** The network is too large.',
  '   - Priority: High; impact 4/5; effort 3/5',
  '   - Owner: COO',
  '   - Success measure: cost per pallet from £4.10 to £3.60 within 12 months',
].join('\n');

const report = (over: Partial<Record<string, string>> = {}): PreReadSection[] =>
  [
    { key: 'executive-summary', title: 'Executive Summary', content: over['executive-summary'] ?? GOOD_SUMMARY },
    { key: 'findings', title: 'Findings & Analysis', content: over.findings ?? GOOD_FINDINGS, citations: [{ id: 'c1', evidence_id: 'e-cfo' }] },
    { key: 'recommendations', title: 'Recommendations', content: over.recommendations ?? GOOD_RECS },
    { key: 'appendices', title: 'Appendices', content: over.appendices ?? '' },
  ];
const INTERVIEWS = new Map([['e-cfo', 'CFO']]);
const ruleOf = (sections: PreReadSection[], rule: string, extra: Parameters<typeof preRead>[0] extends infer T ? Partial<T> : never = {}) => {
  const r = preRead({ sections, interviews: INTERVIEWS, ...extra });
  return { met: r.rules.find((x) => x.rule === rule)!.met, items: r.items.filter((i) => i.rule === rule), result: r };
};

describe('the pre-read', () => {
  it('a report that meets every rule scores 100 with nothing to fix', () => {
    // Act
    const r = preRead({ sections: report(), interviews: INTERVIEWS });
    // Assess
    expect(r.items).toEqual([]);
    expect(r).toMatchObject({ score: 100, met: 6, total: 6 });
  });

  it('answer first: an opening without a figure or a recommendation fails at that sentence', () => {
    const content = 'This report looks at Orbis. It should cut costs by 5%.';
    const { met, items } = ruleOf(report({ 'executive-summary': content }), 'answer-first');
    expect(met).toBe(false);
    expect(items).toHaveLength(1);
    expect(content.slice(items[0]!.start, items[0]!.end)).toBe('This report looks at Orbis.');
    expect(items[0]!.problem).toContain('a recommendation or conclusion and a figure');
    expect(ruleOf(report(), 'answer-first').met).toBe(true);
  });

  it('action titles: a category title, or one over 15 words, fails; a sentence with a figure passes', () => {
    const findings = '### Financial performance (F1, high impact)\n\nText. [@c1]\n\n### Revenue grew 12% in FY2025 (F2, medium impact)\n\nMore.';
    const { met, items } = ruleOf(report({ findings }), 'action-titles');
    expect(met).toBe(false);
    expect(items.map((i) => findings.slice(i.start, i.end))).toEqual(['Financial performance']);
    expect(items[0]!.problem).toContain('has no verb');
    const long = '1. **Consolidate the depots of the northern region into three larger sites so that the firm can cut its cost per pallet by 12%**\n   - Owner: COO\n   - Success measure: from £4.10 to £3.60 within 12 months';
    expect(ruleOf(report({ recommendations: long }), 'action-titles').items[0]!.problem).toContain('words (at most 15)');
    expect(ruleOf(report(), 'action-titles').met).toBe(true);
    expect([hasFiniteVerb('Financial performance'), hasFiniteVerb('Margin trails peers by three points'), hasFiniteVerb('Cut depot costs by 12%'), hasFiniteVerb('The audit found 4 exceptions')]).toEqual([false, true, true, true]);
    // a recommendation's title opens with its imperative
    expect([hasFiniteVerb('Clear the support backlog', true), hasFiniteVerb('Financial performance', true), hasFiniteVerb('Operations review', true)]).toEqual([true, false, false]);
  });

  it('the story holds: a summary figure the findings do not state fails, and so do the consistency rules it shows', () => {
    const summary = `${GOOD_SUMMARY} Churn rose to 14%.`;
    const { met, items } = ruleOf(report({ 'executive-summary': summary }), 'story-holds');
    expect(met).toBe(false);
    expect(items.map((i) => summary.slice(i.start, i.end))).toEqual(['14%']);
    // a horizon is not a figure the findings must state
    expect(ruleOf(report({ 'executive-summary': `${GOOD_SUMMARY} The priorities for the next twelve months follow.` }), 'story-holds').met).toBe(true);
    // the consistency check's recommendation rule, pointed at the recommendation's title
    const consistency = [{ rule: 'recommendation-addresses-nothing', message: 'R1 addresses no finding', items: [{ kind: 'recommendation', label: 'R1 “Consolidate the five depots into three”' }] }];
    const story = ruleOf(report(), 'story-holds', { consistency });
    expect(story.met).toBe(false);
    expect(GOOD_RECS.slice(story.items[0]!.start, story.items[0]!.end)).toBe('Consolidate the five depots into three');
    // rules it does not show (a dimension not covered) leave it met
    expect(ruleOf(report(), 'story-holds', { consistency: [{ rule: 'dimension-not-covered', message: '', items: [{ kind: 'dimension', label: 'People' }] }] }).met).toBe(true);
  });

  it('the story holds: read alone, the titles lead each dimension with its high-impact findings and do not repeat a message', () => {
    // Prepare: in Operations a low-impact finding stands above a high-impact one; Financial is in order
    const findings = [
      '## Financial',
      '',
      '### EBITDA margin fell to 8%, three points below peers (F1, high impact)',
      '',
      'The CFO reports margin of 8% against 11% for peers. [@c1]',
      '',
      '### Working capital rose 4% in FY2025 (F2, medium impact)',
      '',
      '## Operations',
      '',
      '### Canteen waste rose 2% in FY2025 (F3, low impact)',
      '',
      '### Late deliveries doubled to 14% of orders in FY2025 (F4, high impact)',
    ].join('\n');
    // Act
    const { met, items } = ruleOf(report({ findings }), 'story-holds');
    // Assess: one item, on the buried title
    expect(met).toBe(false);
    expect(items.map((i) => findings.slice(i.start, i.end))).toEqual(['Late deliveries doubled to 14% of orders in FY2025']);
    expect(items[0]!.problem).toContain('comes after “Canteen waste rose 2% in FY2025” (low impact) in Operations');
    // a title that repeats another's message (the same words in another order)
    const repeated = `${GOOD_FINDINGS}\n\n### Peers are three points above an EBITDA margin that fell to 8% (F2, medium impact)`;
    const again = ruleOf(report({ findings: repeated }), 'story-holds');
    expect(again.items.map((i) => i.problem)).toEqual(['“Peers are three points above an EBITDA margin that fell to 8%” repeats the message of “EBITDA margin fell to 8%, three points below peers”.']);
    // two titles on different measures are not a repeat
    const distinct = `${GOOD_FINDINGS}\n\n### Staff turnover rose to 18%, six points above peers (F2, medium impact)`;
    expect(ruleOf(report({ findings: distinct }), 'story-holds').met).toBe(true);
  });

  it('the storyline lists the summary’s opening sentence and every title in report order, each where it stands', () => {
    // Act
    const sections = report();
    const { storyline } = preRead({ sections, interviews: INTERVIEWS });
    // Assess
    expect(storyline.map((l) => l.text)).toEqual([GOOD_SUMMARY, 'EBITDA margin fell to 8%, three points below peers', 'Consolidate the five depots into three to cut cost per pallet by 12%']);
    for (const line of storyline) {
      const content = sections.find((s) => s.key === line.section)!.content;
      expect(content.slice(line.start, line.end)).toContain(line.text.slice(0, 20));
    }
  });

  it('specific and owned: a recommendation without owner, timeline or a measure with baseline and target fails', () => {
    const recs = '1. **Consolidate the five depots into three to cut cost per pallet by 12%** Now.\n   - Success measure: lower cost per pallet';
    const { met, items } = ruleOf(report({ recommendations: recs }), 'specific-owned');
    expect(met).toBe(false);
    expect(items[0]!.problem).toBe('“Consolidate the five depots into three to cut cost per pallet by 12%” lacks an owner, a timeline, a baseline and a target for its measure.');
    expect(ruleOf(report(), 'specific-owned').met).toBe(true);
    // the roadmap's row for it gives its timeline
    const untimed = '1. **Consolidate the five depots into three to cut cost per pallet by 12%** Now.\n   - Owner: COO\n   - Success measure: cost per pallet from £4.10 to £3.60';
    expect(ruleOf(report({ recommendations: untimed }), 'specific-owned').items[0]!.problem).toContain('lacks a timeline');
    const sections = [...report({ recommendations: untimed }), { key: 'roadmap', title: 'Implementation Roadmap', content: '| Phase | Action | Months |\n| --- | --- | --- |\n| Quick wins | R1 Consolidate the five depots into three to cut cost per pallet by 12% | 1–6 |' }];
    expect(ruleOf(sections, 'specific-owned').met).toBe(true);
  });

  it('plain words: a section thick with passive voice, weasel words and long sentences fails; plain prose passes', () => {
    const thick =
      'Costs were cut by the team. Many various issues were noted. The plan was approved by the board. Revenue may potentially grow significantly. ' +
      'The very many reasons that were given by the managers of the several regional depots for the delays that were observed in the period were reviewed by the team over several weeks and were found to be largely valid.';
    const { met, items } = ruleOf(report({ appendices: thick }), 'plain-words');
    expect(met).toBe(false);
    expect(items[0]!.problem).toMatch(/passive/);
    expect(items[0]!.problem).toMatch(/1 sentences over 35 words/);
    expect(thick.slice(items[0]!.start, items[0]!.end)).toBe('Costs were cut by the team.');
    expect(ruleOf(report({ appendices: 'The team cut costs. The board approved the plan.' }), 'plain-words').met).toBe(true);
  });

  it('sources visible: a chart without a source line, or an interview claim without its role, fails', () => {
    const chart = 'Margins by year.\n\n![EBITDA margin](visual:v1)\n\nMore text.';
    const charted = ruleOf(report({ appendices: chart }), 'sources-visible');
    expect(charted.met).toBe(false);
    expect(chart.slice(charted.items[0]!.start, charted.items[0]!.end)).toBe('![EBITDA margin](visual:v1)');
    expect(ruleOf(report({ appendices: '![EBITDA margin](visual:v1)\n\n*Source: FY2024 accounts*' }), 'sources-visible').met).toBe(true);
    const unnamed = '### EBITDA margin fell to 8%, three points below peers (F1, high impact)\n\nMargin is 8% against 11% for peers. [@c1]';
    const claim = ruleOf(report({ findings: unnamed }), 'sources-visible');
    expect(claim.items.map((i) => i.problem)).toEqual(['A claim from an interview does not name who said it: “Margin is 8% against 11% for peers.”.']);
  });

  it('scores the share of rules met, and lists first the fixes worth most', () => {
    // Prepare: answer first fails once; action titles fail twice
    const findings = '### Financial performance (F1, high)\n\nThe CFO reports margin of 8%. [@c1]\n\n### Operations (F2, low)\n\nThe CFO reports 11%. [@c1]';
    // Act
    const r = preRead({ sections: report({ 'executive-summary': 'Orbis is a freight firm with margins of 8% and 11%.', findings }), interviews: INTERVIEWS });
    // Assess
    expect(r.rules.filter((x) => !x.met).map((x) => x.rule)).toEqual(['answer-first', 'action-titles']);
    expect(r.score).toBe(67);
    expect(r.items.map((i) => i.rule)).toEqual(['answer-first', 'action-titles', 'action-titles']);
    expect(r.items[0]!.gain).toBeCloseTo(100 / 6);
    expect(r.items[1]!.gain).toBeCloseTo(100 / 12);
  });
});
