/** A section's review state as a table, and Final's gate: written sections that are not approved. */
import { describe, expect, it } from 'vitest';
import { REQUIRED_SECTIONS } from '@shared/schemas/report-document';
import type { SectionReviewState } from '@shared/schemas/reviews';
import { latestBySection, sectionState, unapprovedSections, type ApprovalContext, type ReviewFacts } from '../../functions/domain/reviews/section-state';

type Row = [name: string, current: number, latest: ReviewFacts | undefined, state: SectionReviewState, context?: ApprovalContext];

const ann = { username: 'ann' };
const bo = { username: 'bo' };
const cy = { username: 'cy' };
/** A review Ann asked for; decided by Bo (when it is decided). */
const review = (status: ReviewFacts['status'], decided_version: number | null, decided_by: { username: string } | null = status === 'pending' ? null : bo): ReviewFacts => ({
  status,
  decided_version,
  requested_by: ann,
  decided_by,
  decided_at: decided_by ? '2026-11-24T10:00:00.000Z' : null,
});

// Prepare: every case of the derivation, written out
const TABLE: Row[] = [
  ['never reviewed', 3, undefined, 'draft'],
  ['never written nor reviewed', 0, undefined, 'draft'],
  ['review pending', 3, review('pending', null), 'in_review'],
  ['review pending, edited since the request', 5, review('pending', null), 'in_review'],
  ['changes requested', 3, review('changes_requested', 3), 'changes_requested'],
  ['changes requested, then edited (not re-requested)', 4, review('changes_requested', 3), 'changes_requested'],
  ['approved, this version', 3, review('approved', 3), 'approved', { lastEditor: 'ann' }],
  ['approved, edited since', 4, review('approved', 3), 'stale'],
  ['approved, restored to an older version since', 5, review('approved', 3), 'stale'],
  ['approved by whoever asked for the review', 3, review('approved', 3, ann), 'stale', { lastEditor: 'cy' }],
  ['approved by whoever wrote this version', 3, review('approved', 3, cy), 'stale', { lastEditor: 'cy' }],
  ['approved before the report was reopened', 3, review('approved', 3), 'stale', { lastEditor: 'ann', approvalsFrom: '2026-11-25T09:00:00.000Z' }],
  ['approved after the report was reopened', 3, review('approved', 3), 'approved', { lastEditor: 'ann', approvalsFrom: '2026-11-23T09:00:00.000Z' }],
];

describe('section review state', () => {
  it.each(TABLE)('%s → %s', (_, current, latest, state, context) => {
    // Act + Assess
    expect(sectionState(current, latest, context)).toBe(state);
  });

  it('covers every state', () => {
    expect(new Set(TABLE.map((r) => r[3]))).toEqual(new Set(['draft', 'in_review', 'changes_requested', 'approved', 'stale']));
  });
});

describe("Final's gate", () => {
  it('is held by required sections not written and written sections not approved, and by nothing else', () => {
    // Prepare
    const sections = [
      { key: 'executive-summary', title: 'Executive Summary', chars: 900, state: 'approved' as const },
      { key: 'introduction', title: 'Introduction', chars: 0, state: 'draft' as const },
      { key: 'findings', title: 'Findings', chars: 1200, state: 'stale' as const },
      { key: 'swot', title: 'SWOT', chars: 0, state: 'draft' as const },
      { key: 'recommendations', title: 'Recommendations', chars: 400, state: 'approved' as const },
      { key: 'roadmap', title: 'Roadmap', chars: 300, state: 'in_review' as const },
      { key: 'conclusion', title: 'Conclusion', chars: 10, state: 'changes_requested' as const },
      { key: 'appendices', title: 'Appendices', chars: 5, state: 'draft' as const },
    ];
    // Act
    const blocking = unapprovedSections(sections).map((s) => s.key);
    // Assess: the introduction is required (every export holds it); SWOT is not
    expect(blocking).toEqual(['introduction', 'findings', 'roadmap', 'conclusion', 'appendices']);
    expect(unapprovedSections(sections.filter((s) => s.state === 'approved' || (s.chars === 0 && s.key === 'swot')))).toEqual([]);
  });

  it('holds an empty report back: every required section is missing', () => {
    // Prepare
    const empty = REQUIRED_SECTIONS.map((key) => ({ key, title: key, chars: 0, state: 'draft' as const }));
    // Act + Assess
    expect(unapprovedSections(empty).map((s) => s.key)).toEqual([...REQUIRED_SECTIONS]);
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
