import type { EvidenceConflict } from '@shared/schemas/ask';
import type { Citation } from '@shared/schemas/report-document';

/** The citations that quote one side of an unresolved conflict (same item, overlapping span), with the conflict's measure. */
export function conflictMarks(citations: readonly Pick<Citation, 'id' | 'evidence_id' | 'start' | 'end'>[], conflicts: readonly EvidenceConflict[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of conflicts) {
    if (c.resolution) continue;
    for (const cite of citations) {
      if (c.sides.some((s) => s.evidence_id === cite.evidence_id.toLowerCase() && cite.start < s.end && s.start < cite.end)) out.set(cite.id, c.measure);
    }
  }
  return out;
}
