/**
 * Where a changed section's ledger part is computed (on the save's request when small, else by the ledgerParts
 * worker), and which queued parts a read lists as pending (the worker may still be running) or computes itself
 * (the worker is past its time).
 */
import { describe, expect, it } from 'vitest';
import { workers } from '@shared/api/workers';
import { computedInline, INLINE_CHARS, QUEUED_FRESH_MS, queuedParts } from '../../functions/domain/ledger/background';

const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('a changed section’s ledger part', () => {
  it('is computed on the save’s request up to the inline size, and by the worker past it', () => {
    expect(computedInline('x'.repeat(INLINE_CHARS))).toBe(true);
    expect(computedInline('x'.repeat(INLINE_CHARS + 1))).toBe(false);
    expect(computedInline('')).toBe(true);
  });

  it('reads as waiting while its worker may run, and as lost once the worker is past its time', () => {
    // Prepare
    const fingerprints = [
      // queued for a later version, just now
      { part: 'section:findings', fingerprint: 'a', version: 3, queued: { version: 4, at: ago(1_000) } },
      // queued, and the part of that version (or a later one) is stored
      { part: 'section:swot', fingerprint: 'b', version: 5, queued: { version: 5, at: ago(1_000) } },
      { part: 'section:roadmap', fingerprint: 'c', version: 7, queued: { version: 6, at: ago(1_000) } },
      // never computed, queued for its first version
      { part: 'section:recommendations', fingerprint: '', version: 0, queued: { version: 1, at: ago(QUEUED_FRESH_MS - 1) } },
      // queued longer ago than the worker may run
      { part: 'section:executive-summary', fingerprint: 'd', version: 2, queued: { version: 3, at: ago(QUEUED_FRESH_MS) } },
      // a time that cannot be read
      { part: 'section:conclusion', fingerprint: 'e', version: 2, queued: { version: 3, at: 'soon' } },
      // nothing queued
      { part: 'section:introduction', fingerprint: 'f', version: 9 },
    ];

    // Act
    const { waiting, lost } = queuedParts(fingerprints, NOW);

    // Assess
    expect([...waiting].sort()).toEqual(['section:findings', 'section:recommendations']);
    expect([...lost].sort()).toEqual(['section:conclusion', 'section:executive-summary']);
  });

  it('waits for the worker no longer than its timeout and a margin', () => {
    expect(QUEUED_FRESH_MS).toBeGreaterThan(workers.ledgerParts.timeoutSeconds * 1000);
    expect(QUEUED_FRESH_MS).toBeLessThanOrEqual((workers.ledgerParts.timeoutSeconds + 60) * 1000);
  });
});
