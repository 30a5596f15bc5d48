/**
 * A draft that finds nothing for its step says so: it names what evidence would help, in an item the user can
 * accept and edit, so the step can always be completed (findings, recommendations, the summary need one; an
 * empty SWOT quadrant is marked "none"). Applied to every provider's draft, after the faithfulness check.
 */
import { aiNothingFound } from '@shared/messages/ai';
import { SWOT_QUADRANTS } from '@shared/schemas/report-document';
import { itemId } from '../port/draft-contract';

export function withNothingFound<T>(step: string, data: T): { data: T; empty: boolean } {
  const o = data as Record<string, unknown>;
  switch (step) {
    case 'findings': {
      if ((o.findings as unknown[]).length) break;
      const finding = { id: itemId('f', 'nothing-found'), statement: aiNothingFound.findingStatement, dimension: 'Operational Efficiency', impact: 'low', metric: null, citations: [], ai_drafted: true };
      return { data: { ...o, findings: [finding] } as T, empty: true };
    }
    case 'swot': {
      const none = { ...(o.none as Record<string, boolean>) };
      for (const q of SWOT_QUADRANTS) if (!(o[q] as unknown[]).length) none[q] = true;
      const empty = SWOT_QUADRANTS.every((q) => !(o[q] as unknown[]).length);
      return { data: { ...o, none } as T, empty };
    }
    case 'recommendations': {
      if ((o.items as unknown[]).length) break;
      const item = {
        id: itemId('r', 'nothing-found'),
        title: aiNothingFound.recommendationTitle,
        rationale: aiNothingFound.recommendationRationale,
        priority: 'medium',
        impact: 2,
        effort: 1,
        finding_ids: [],
        swot_ids: [],
        owner: '',
        kpi: aiNothingFound.recommendationKpi,
        deferred: false,
        citations: [],
        ai_drafted: true,
      };
      return { data: { ...o, items: [item] } as T, empty: true };
    }
    case 'executive-summary': {
      if (typeof o.summary === 'string' && o.summary.trim()) break;
      return { data: { ...o, summary: aiNothingFound.summary } as T, empty: true };
    }
  }
  return { data, empty: false };
}
