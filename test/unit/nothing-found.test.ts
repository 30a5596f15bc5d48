/**
 * A draft that finds nothing for its step says so, names what evidence would help, and never leaves the user at a
 * step they cannot complete (functions/domain/ai/drafting/nothing-found.ts, applied to every provider's draft).
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { stepCompletion } from '@shared/domain/report/completion';
import { aiNothingFound } from '@shared/messages/ai';
import { ExecutiveSummaryData, FindingsData, RecommendationsData, SwotData } from '@shared/schemas/report-document';
import { withNothingFound } from '../../functions/domain/ai/drafting/nothing-found';
import { createLocalProvider } from '../../functions/domain/ai/providers/local-provider';
import { draftInputOf } from '../helpers/bedrock-replay';
import { resolveStep } from '../helpers/eval-harness';

describe('a draft that finds nothing', () => {
  it('says so in an item the step can be completed with, naming the evidence that would help', () => {
    const findings = withNothingFound('findings', { dimensions: [], findings: [] });
    expect(findings.empty).toBe(true);
    expect(z.parse(FindingsData, findings.data).findings[0]!.statement).toBe(aiNothingFound.findingStatement);
    expect(stepCompletion('findings', { findings: z.parse(FindingsData, findings.data) })).toEqual({ ok: true });

    const recommendations = withNothingFound('recommendations', { items: [] });
    const items = z.parse(RecommendationsData, recommendations.data);
    expect(items.items[0]).toMatchObject({ title: aiNothingFound.recommendationTitle, rationale: aiNothingFound.recommendationRationale });
    expect(items.items[0]!.rationale).toMatch(/^The draft found nothing to recommend: .*Evidence that would help: /);
    expect(stepCompletion('recommendations', { recommendations: items })).toEqual({ ok: true });

    const swot = z.parse(SwotData, withNothingFound('swot', { strengths: [], weaknesses: [], opportunities: [], threats: [], none: { strengths: false, weaknesses: false, opportunities: false, threats: false } }).data);
    expect(swot.none).toEqual({ strengths: true, weaknesses: true, opportunities: true, threats: true });
    expect(stepCompletion('swot', { swot })).toEqual({ ok: true });

    const summary = z.parse(ExecutiveSummaryData, withNothingFound('executive-summary', { key_messages: [], summary: '', citations: [] }).data);
    expect(summary.summary).toBe(aiNothingFound.summary);
    expect(stepCompletion('executive-summary', { 'executive-summary': summary })).toEqual({ ok: true });
  });

  it('leaves a draft that found something as it is', () => {
    const data = { items: [{ id: 'r-1', title: 'Raise prices', rationale: '', citations: [] }] };
    expect(withNothingFound('recommendations', data)).toEqual({ data, empty: false });
  });

  it('local: recommendations drafted from evidence that states nothing to act on can still be completed', async () => {
    // Prepare: a note with nothing measured and nothing to act on
    const base = { organization: { name: 'Corvid', sector: 'software', geography: 'US' }, evidence: [{ id: 'b4000000-0000-4000-8000-000000000001', title: 'Visit notes', type: 'file' as const, text: 'We met the team in the morning and toured the office. Lunch was at noon.' }] };
    const texts = new Map(base.evidence.map((e) => [e.id, e.text]));
    // Act
    const drafted = resolveStep('recommendations', (await createLocalProvider().draft(draftInputOf(base, 'recommendations'))).output, texts).data;
    const { data, empty } = withNothingFound('recommendations', z.parse(RecommendationsData, drafted));
    // Assess
    expect(empty).toBe(true);
    expect(stepCompletion('recommendations', { recommendations: data })).toEqual({ ok: true });
  });
});
