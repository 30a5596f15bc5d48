/**
 * What a report contributes to the sector benchmarks, decided on the report as each write reads it (what it has
 * added so far, `counted`); the repositories store the move they are given, in the write's own transaction:
 * - becoming Final: its scores and place are kept while it is Final (so a change of its client's consent can add or
 *   take them out later), and added to its aggregates when its client lets its reports count; a report that has
 *   added its scores already is left as it is;
 * - leaving Final: what it added is taken out, and nothing is kept;
 * - a deleted report takes out what it added.
 */
import type { ReportStatus } from '@shared/domain/options';
import type { BenchContribution, BenchMove } from '../../data/benchmarks-repo';

/** What a report becoming Final brings: its scores and place, and whether they count now (benchmarks.ts finalContribution). */
export interface FinalContribution {
  snapshot: BenchContribution;
  counted: boolean;
}

/** The move of a change to `status`; `onFinal`: what the report brings when it becomes Final (none: it scored nothing, or has no sector). */
export function statusChangeContribution(status: ReportStatus, onFinal: FinalContribution | undefined) {
  return (counted: BenchContribution | undefined): BenchMove => {
    if (status !== 'Final') return { ...(counted ? { takeOut: counted } : {}), keep: { contribution: null, final: null } };
    if (counted || !onFinal) return {};
    const adds = onFinal.counted ? onFinal.snapshot : undefined;
    return { ...(adds ? { add: adds } : {}), keep: { contribution: adds ?? null, final: onFinal.snapshot } };
  };
}

/** The move of a report's deletion: what it added leaves its aggregates with it. */
export const deletionContribution = (counted: BenchContribution | undefined): BenchMove => (counted ? { takeOut: counted } : {});
