/** Conflict detection on the gold set: a gold conflict is found when one detected conflict gives both its figures, from its sources. */
import { figuresIn, type GoldConflict, sameFigure } from './drafts';
import type { EvidenceConflict } from '@shared/schemas/ask';

export function conflictFound(gold: GoldConflict, found: readonly Pick<EvidenceConflict, 'sides'>[]): boolean {
  const wanted = gold.figures.flatMap((f) => figuresIn(f).slice(0, 1));
  return found.some((c) => {
    const sides = c.sides.map((s) => ({ id: s.evidence_id, figure: figuresIn(s.figure)[0] }));
    return wanted.every((w) => sides.some((s) => s.figure && sameFigure(w, s.figure) && (!gold.evidence.length || gold.evidence.includes(s.id))));
  });
}
