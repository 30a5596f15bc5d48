/** A section's review state as a table, and Final's gate: written sections that are not approved. */
import { describe, expect, it } from 'vitest';
import type { SectionReviewState } from '@shared/schemas/reviews';
import { latestBySection, sectionState, unapprovedSections, type ReviewFacts } from '../../functions/domain/reviews/section-state';

type Row = [name: string, current: number, latest: ReviewFacts | undefined, state: SectionReviewState];

// Prepare: every case of the derivation, written out
const TABLE: Row[] = [
  ['never reviewed', 3, undefined, 'draft'],
  ['never written nor reviewed', 0, undefined, 'draft'],
  ['review pending', 3, { status: 'pending', decided_version: null }, 'in_review'],
  ['review pending, edited since the request', 5, { status: 'pending', decided_version: null }, 'in_review'],
  ['changes requested', 3, { status: 'changes_requested', decided_version: 3 }, 'changes_requested'],
  ['changes requested, then edited (not re-requested)', 4, { status: 'changes_requested', decided_version: 3 }, 'changes_requested'],
  ['approved, this version', 3, { status: 'approved', decided_version: 3 }, 'approved'],
  ['approved, edited since', 4, { status: 'approved', decided_version: 3 }, 'stale'],
  ['approved, restored to an older version since', 5, { status: 'approved', decided_version: 3 }, 'stale'],
];

describe('section review state', () => {
  it.each(TABLE)('%s → %s', (_, current, latest, state) => {
    // Act + Assess
    expect(sectionState(current, latest)).toBe(state);
  });

  it('covers every state', () => {
    expect(new Set(TABLE.map((r) => r[3]))).toEqual(new Set(['draft', 'in_review', 'changes_requested', 'approved', 'stale']));
  });
});

describe("Final's gate", () => {
  it('is held by written sections that are not approved, and by nothing else', () => {
    // Prepare
    const sections = [
      { key: 'executive-summary', title: 'Executive Summary', chars: 900, state: 'approved' as const },
      { key: 'findings', title: 'Findings', chars: 1200, state: 'stale' as const },
      { key: 'swot', title: 'SWOT', chars: 0, state: 'draft' as const },
      { key: 'roadmap', title: 'Roadmap', chars: 300, state: 'in_review' as const },
      { key: 'conclusion', title: 'Conclusion', chars: 10, state: 'changes_requested' as const },
      { key: 'appendices', title: 'Appendices', chars: 5, state: 'draft' as const },
    ];
    // Act
    const blocking = unapprovedSections(sections).map((s) => s.key);
    // Assess
    expect(blocking).toEqual(['findings', 'roadmap', 'conclusion', 'appendices']);
    expect(unapprovedSections(sections.filter((s) => s.state === 'approved' || s.chars === 0))).toEqual([]);
  });
});

describe('latest review of each section', () => {
  it('is the one requested last (ids break ties), whatever the order read', () => {
    // Prepare
    const reviews = [
      { id: '0190-b', section: 'findings', requested_at: '2026-11-24T10:00:00.000Z' },
      { id: '0190-c', section: 'findings', requested_at: '2026-11-24T11:00:00.000Z' },
      { id: '0190-a', section: 'swot', requested_at: '2026-11-24T09:00:00.000Z' },
      { id: '0190-d', section: 'findings', requested_at: '2026-11-24T11:00:00.000Z' },
    ];
    // Act
    const latest = latestBySection([...reviews].reverse());
    // Assess
    expect(latest.get('findings')?.id).toBe('0190-d');
    expect(latest.get('swot')?.id).toBe('0190-a');
    expect(latest.has('roadmap')).toBe(false);
  });
});
