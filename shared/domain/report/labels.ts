/**
 * Short, stable labels for items as a reader sees them: F1, F2 … for findings, S1/W1/O1/T1 for the SWOT
 * quadrants, R1 … for recommendations, A1 … for roadmap actions, K1 … for key messages. Labels follow the
 * order of the lists, so they change when items are reordered; ids never do.
 */
import type { WizardData } from '../../schemas/wizard';
import { SWOT_QUADRANTS, type SwotQuadrant } from '../../schemas/report-document';

export const SWOT_PREFIX: Record<SwotQuadrant, string> = { strengths: 'S', weaknesses: 'W', opportunities: 'O', threats: 'T' };

export interface ItemLabels {
  findings: Map<string, string>;
  swot: Map<string, string>;
  recommendations: Map<string, string>;
  roadmap: Map<string, string>;
  keyMessages: Map<string, string>;
}

export function itemLabels(data: WizardData): ItemLabels {
  const numbered = (ids: readonly string[], prefix: string) => new Map(ids.map((id, i) => [id, `${prefix}${i + 1}`]));
  const swot = new Map<string, string>();
  for (const q of SWOT_QUADRANTS) for (const [i, item] of (data.swot?.[q] ?? []).entries()) swot.set(item.id, `${SWOT_PREFIX[q]}${i + 1}`);
  return {
    findings: numbered((data.findings?.findings ?? []).map((f) => f.id), 'F'),
    swot,
    recommendations: numbered((data.recommendations?.items ?? []).map((r) => r.id), 'R'),
    roadmap: numbered((data.roadmap?.items ?? []).map((r) => r.id), 'A'),
    keyMessages: numbered((data['executive-summary']?.key_messages ?? []).map((k) => k.id), 'K'),
  };
}

/** Shortens a statement for a label: the first `max` characters, at a word boundary. */
export function shorten(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
