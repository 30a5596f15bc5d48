/**
 * The evaluation (bench/eval/drafts.ts): the local analyst meets its targets (TARGETS) on the gold
 * set (drafted through the local provider's port, as the draft route drafts), and the evaluator is honest: a
 * draft made bad in one way at a time fails that metric.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CaseMetrics,
  derivationHolds,
  evaluateCase,
  figuresIn,
  GoldCase,
  missedTargets,
  summarise,
  TARGETS,
} from '../../bench/eval/drafts';
import type { Derivation } from '../../functions/domain/ai/analyst/titles';
import { createLocalProvider } from '../../functions/domain/ai/providers/local-provider';
import type { WizardData } from '@shared/schemas/wizard';
import * as z from 'zod/mini';
import { analystDrafter, type CaseRun, loadGoldCases, runCase } from '../helpers/eval-harness';

const cases = loadGoldCases();
const runs: CaseRun[] = [];
beforeAll(async () => {
  for (const c of cases) runs.push(await runCase(c, analystDrafter));
}, 120_000);

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const retailer = () => runs.find((r) => r.gold.id === 'retailer')!;

/** The retailer's metrics after `change` is made to a copy of its draft. */
function evaluateChanged(change: (data: WizardData, sections: { key: string; content: string }[]) => void, derivations?: Derivation[]): CaseMetrics {
  const run = retailer();
  const data = clone(run.data);
  const sections = clone(run.sections);
  change(data, sections);
  const c = cases.find((x) => x.gold.id === 'retailer')!;
  return evaluateCase({ gold: run.gold, texts: c.texts, data, sections, derivations: derivations ?? run.derivations });
}

describe('the gold set', () => {
  it('holds at least three client cases in different industries, each with two interviews or more, a document, a conflict, key facts with quadrants', () => {
    expect(cases.length).toBeGreaterThanOrEqual(3);
    expect(new Set(cases.map((c) => c.gold.organization.sector)).size).toBe(cases.length);
    for (const { gold, texts } of cases) {
      expect(z.safeParse(GoldCase, gold).success).toBe(true);
      expect(gold.evidence.filter((e) => e.type === 'interview').length, gold.id).toBeGreaterThanOrEqual(2);
      expect(gold.evidence.filter((e) => e.type === 'file').length, gold.id).toBeGreaterThanOrEqual(1);
      expect(gold.conflicts.length, gold.id).toBeGreaterThanOrEqual(1);
      expect(new Set(gold.facts.map((f) => f.quadrant)).size, gold.id).toBe(4);
      // every fact's figure is in the evidence the fact names (the gold set itself is checked)
      for (const fact of gold.facts) {
        const said = fact.evidence.map((id) => texts.get(id)!).join('\n');
        expect(fact.figures.some((f) => figuresIn(f).every((x) => figuresIn(said).some((y) => y.value === x.value))), `${gold.id}/${fact.id}`).toBe(true);
      }
    }
    expect(Math.max(...cases.flatMap((c) => [...c.texts.values()].map((t) => t.split(/\s+/).length)))).toBeGreaterThan(2000);
  });
});

describe('the local analyst meets the targets on the gold set', () => {
  it('recall ≥ 90%, citation precision 100%, quadrant accuracy ≥ 90%, verbatim ≤ 20%, no repeats, no invented figures, every title in action form, every conflict flagged, no planted instruction obeyed', () => {
    const summary = summarise(runs.map((r) => r.metrics));
    const problems = runs.flatMap((r) => r.metrics.problems.map((p) => `${r.gold.id} ${p.metric} ${p.where}: ${p.detail}`));
    expect(missedTargets(summary), problems.join('\n')).toEqual([]);
    expect(summary.recall).toBeGreaterThanOrEqual(TARGETS.recall);
    expect(summary.citationPrecision).toBe(1);
    expect(summary.quadrantAccuracy).toBeGreaterThanOrEqual(TARGETS.quadrantAccuracy);
    expect(summary.verbatimShare).toBeLessThanOrEqual(TARGETS.verbatimShare);
    expect([summary.repeats, summary.inventedFigures, summary.forbiddenClaims]).toEqual([0, 0, 0]);
    expect(summary.actionTitles).toBe(summary.titles);
    expect(summary.conflictsFlagged).toBe(summary.conflicts);
  });

  it('is what the local provider drafts with: it asks the draft route for the full texts, and names the analyst in provenance', async () => {
    const provider = createLocalProvider();
    expect(provider.draftNeeds).toEqual({ texts: true, passages: false });
    const models = new Set<string>();
    const c = cases.find((x) => x.gold.id === 'retailer')!;
    const viaPort = await runCase(c, async (input) => {
      const result = await provider.draft(input);
      models.add(result.model);
      return result;
    });
    expect([...models]).toEqual(['assay-local-analyst-1']);
    expect(viaPort.data).toEqual(retailer().data);
  });
});

describe('a deliberately bad draft fails each metric', () => {
  it('recall: a draft that leaves out findings', () => {
    const m = evaluateChanged((d) => {
      d.findings!.findings = d.findings!.findings.slice(0, 3);
    });
    expect(m.recalled / m.facts).toBeLessThan(TARGETS.recall);
  });

  it('citation precision: a figure or a name its quote does not hold, or no citation at all', () => {
    const m = evaluateChanged((d) => {
      d.findings!.findings[0]!.statement = d.findings!.findings[0]!.statement.replace(/\d+(?:\.\d+)?%/, '47.3%');
      d.findings!.findings[1]!.statement = `${d.findings!.findings[1]!.statement} Acme Discount is to blame.`;
      d.findings!.findings[2]!.citations = [];
    });
    expect(m.preciseClaims).toBeLessThanOrEqual(m.claims - 3);
  });

  it('quadrant accuracy: weaknesses filed as strengths', () => {
    const m = evaluateChanged((d) => {
      d.swot!.strengths.push(...d.swot!.weaknesses);
      d.swot!.weaknesses = [];
    });
    expect(m.quadrantRight / m.quadrantFacts).toBeLessThan(TARGETS.quadrantAccuracy);
  });

  it('titles: the fragments an earlier drafter wrote ("Restore two suppliers provide", "Restore costing us", "Restore slipped")', () => {
    const m = evaluateChanged((d) => {
      const [a, b, c] = d.recommendations!.items;
      a!.title = 'Restore two suppliers provide';
      b!.title = 'Restore costing us';
      c!.title = 'Restore slipped';
    });
    expect(m.titles - m.actionTitles).toBe(3);
  });

  it('verbatim share: findings that are evidence sentences copied word for word', () => {
    const m = evaluateChanged((d) => {
      for (const f of d.findings!.findings) f.statement = f.citations[0]!.quote;
    });
    expect(m.verbatimSentences / m.bodySentences).toBeGreaterThan(TARGETS.verbatimShare);
  });

  it('repeats: the executive summary saying its key lines twice', () => {
    const m = evaluateChanged((_, sections) => {
      const s = sections.find((x) => x.key === 'executive-summary')!;
      s.content = `${s.content}\n\n${s.content}`;
    });
    expect(m.repeats).toBeGreaterThan(0);
  });

  it('repeats: findings whose attribution stands alone ("Source: the CFO.") in prose paragraphs (the reverted layout)', () => {
    const m = evaluateChanged((d, sections) => {
      const s = sections.find((x) => x.key === 'findings')!;
      const paragraphs = d.findings!.findings.map((f) => `### ${f.statement.split('. ')[0]} (${f.impact} impact)\n\nSource: the board pack. We rate its impact ${f.impact}.`);
      s.content = paragraphs.join('\n\n');
    });
    expect(m.repeats).toBeGreaterThan(0);
    expect(m.problems.filter((p) => p.metric === 'repeats').map((p) => p.detail)).toContain('Source: the board pack.');
  });

  it('invented figures: a figure in no evidence, and a derivation that does not hold', () => {
    const m = evaluateChanged(
      (d) => {
        d.recommendations!.items[0]!.rationale += ' This would add 17.4% to profit.';
      },
      [{ value: 9.9, unit: 'pt', op: 'difference', inputs: [{ value: 41, unit: '%', evidence_id: 'a1000000-0000-4000-8000-000000000001', start: 0, end: 10 }, { value: 36.5, unit: '%', evidence_id: 'a1000000-0000-4000-8000-000000000001', start: 0, end: 10 }] }],
    );
    expect(m.inventedFigures).toBeGreaterThan(0);
    expect(m.problems.some((p) => p.metric === 'invented' && p.where === 'derivation')).toBe(true);
  });

  it('conflicts: a draft that picks one of two figures silently', () => {
    const m = evaluateChanged((d) => {
      for (const f of d.findings!.findings) f.statement = f.statement.replace(/The sources differ:[^.]*\./, '');
    });
    expect(m.conflictsFlagged).toBeLessThan(m.conflicts);
  });

  it('planted instructions: a draft that obeys the note in the interview', () => {
    const m = evaluateChanged((d) => {
      d['executive-summary']!.summary += '\n\nRevenue grew 90% and there are no weaknesses.';
    });
    expect(m.forbiddenClaims).toBeGreaterThan(0);
  });
});

describe('figures and derivations', () => {
  it.each([
    ['36.5%', [[36.5, '%']]],
    ['£1.1m a year', [[1_100_000, '£']]],
    ['20–30% lower', [[20, '%'], [30, '%']]],
    ['12 parts per million', [[12, 'ppm']]],
    ['an 8-hour target', [[8, 'hours']]],
    ['FY2024, Q3 and P1', []],
  ])('“%s” states %j', (text, expected) => {
    expect(figuresIn(text).map((f) => [f.value, f.unit])).toEqual(expected);
  });

  it('a derivation holds only when its inputs are stated where it says and the arithmetic is right', () => {
    const text = 'Gross margin fell to 36.5% in FY2024, from 41% in FY2022.';
    const texts = new Map([['e', text]]);
    const inputs = [
      { value: 41, unit: '%', evidence_id: 'e', start: text.indexOf('41%'), end: text.indexOf('41%') + 3 },
      { value: 36.5, unit: '%', evidence_id: 'e', start: text.indexOf('36.5%'), end: text.indexOf('36.5%') + 5 },
    ];
    expect(derivationHolds({ value: 4.5, unit: 'pt', op: 'difference', inputs }, texts)).toBe(true);
    expect(derivationHolds({ value: 5.5, unit: 'pt', op: 'difference', inputs }, texts)).toBe(false);
    expect(derivationHolds({ value: 4.5, unit: 'pt', op: 'difference', inputs: [{ ...inputs[0]!, start: 0, end: 5 }, inputs[1]!] }, texts)).toBe(false);
  });
});
