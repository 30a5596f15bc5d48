/**
 * Step 6, SWOT: internal good → strength, internal bad → weakness, external good → opportunity, external bad
 * → threat. Good and bad are the theme's valence (the measure's movement read against its polarity); internal
 * and external come from what the claim is about: customers' demand, competitors, regulation, markets and the
 * prices the organization buys at are external; the organization's own results are internal.
 * A finding the consultant wrote or changed is read again from its own words.
 */
import type { Finding, SwotData, SwotQuadrant } from '@shared/schemas/report-document';
import type { Analysis } from './analyse-evidence';
import { type Drafted, itemId } from '../port/draft-contract';
import { findingIdOf } from './findings';
import type { Theme } from './themes';

export type DraftedSwot = Drafted<SwotData>;

const MAX_PER_QUADRANT = 14;

export const quadrantOf = (valence: 1 | -1, external: boolean): SwotQuadrant =>
  external ? (valence > 0 ? 'opportunities' : 'threats') : valence > 0 ? 'strengths' : 'weaknesses';

/** The first sentence of a finding: its title. */
export const titleOf = (statement: string) => (/^(.+?[.!?])(?:\s+[A-Z]|$)/s.exec(statement.trim())?.[1] ?? statement.trim()).trim();

/** How a finding reads: its theme when the drafter wrote it, else the claims of its own statement. */
function judge(finding: Pick<Finding, 'id' | 'statement'>, byId: ReadonlyMap<string, Theme>): { valence: 1 | -1 | 0; external: boolean; theme?: Theme } {
  const theme = byId.get(finding.id);
  if (theme) return { valence: theme.valence, external: theme.external, theme };
  return { valence: 0, external: false };
}

export function draftSwot(analysis: Analysis, findings: readonly Drafted<Finding>[] | readonly Finding[], readOwn: (statement: string) => { valence: 1 | -1 | 0; external: boolean }): DraftedSwot {
  const byId = new Map(analysis.themes.map((t) => [findingIdOf(t), t]));
  const swot: DraftedSwot = { strengths: [], weaknesses: [], opportunities: [], threats: [], none: { strengths: false, weaknesses: false, opportunities: false, threats: false } };
  const order = { high: 0, medium: 1, low: 2 } as const;
  const ranked = [...findings].sort((a, b) => order[a.impact] - order[b.impact]);
  for (const f of ranked) {
    const judged = judge(f, byId);
    const { valence, external } = judged.theme ? judged : readOwn(f.statement);
    if (valence === 0) continue;
    const quadrant = quadrantOf(valence, external);
    if (swot[quadrant].length >= MAX_PER_QUADRANT) continue;
    const text = titleOf(f.statement).slice(0, 1000);
    swot[quadrant].push({
      id: itemId(quadrant.charAt(0), f.id),
      text,
      finding_ids: [f.id],
      citations: f.citations.slice(0, 10).map(({ evidence_id, start, end }) => ({ evidence_id, start, end })),
      ai_drafted: true,
    });
  }
  for (const q of ['strengths', 'weaknesses', 'opportunities', 'threats'] as const) swot.none[q] = swot[q].length === 0;
  return swot;
}
