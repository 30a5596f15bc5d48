/**
 * Where a changed section's part is computed. A small section's part is computed on the save's own request: it
 * costs tens of milliseconds, and the Figures panel is current as soon as the save answers. A larger section's part
 * is handed to the ledgerParts worker (shared/api/workers.ts), so a save answers in about the same time at any size;
 * its part reads as pending until the worker has stored it. A part queued for longer than the worker may run (a
 * worker that failed or never ran) is computed by the next read, and Final's gate computes whatever is behind.
 */
import { workers } from '@shared/api/workers';
import type { PartFingerprint } from '../../data/ledger-repo';

/**
 * The largest section (characters of text) whose part is computed on the save's request: under 0.2 s of computation
 * even for text dense with cited figures, where a section of the largest size takes seconds (bench/results/ledger.md).
 */
export const INLINE_CHARS = 20_000;

/** How long a queued part reads as pending before a read computes it itself: the worker's timeout and a margin. */
export const QUEUED_FRESH_MS = (workers.ledgerParts.timeoutSeconds + 30) * 1000;

/** Whether a changed section's part is computed on the save's own request (else by the worker). */
export const computedInline = (content: string): boolean => content.length <= INLINE_CHARS;

/**
 * The parts whose recompute was queued for a later section version than the one they stand for: `waiting` while
 * the worker may still be running, `lost` once it is past its time.
 */
export function queuedParts(fingerprints: Iterable<PartFingerprint>, now: number): { waiting: Set<string>; lost: Set<string> } {
  const waiting = new Set<string>();
  const lost = new Set<string>();
  for (const fp of fingerprints) {
    if (!fp.queued || fp.queued.version <= fp.version) continue;
    // an unreadable time counts as lost (NaN compares false)
    (now - Date.parse(fp.queued.at) < QUEUED_FRESH_MS ? waiting : lost).add(fp.part);
  }
  return { waiting, lost };
}
