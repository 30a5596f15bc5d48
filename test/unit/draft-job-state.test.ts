/**
 * The AI drafting job's state machine (functions/domain/ai/drafting/job-state.ts): stages run forward only, a
 * finished job never moves, a job not heard of for longer than its worker can run reads as failed and may be
 * replaced, and a failure's reason is a safe message, never internals.
 */
import { describe, expect, it } from 'vitest';
import { DRAFT_STALE_SECONDS } from '@shared/api/workers';
import { details } from '@shared/messages';
import { DRAFT_JOB_STAGES, DraftJob } from '@shared/schemas/report-document';
import * as z from 'zod/mini';
import { canMove, failureDetail, isStale, newJob, present, STAGE_PROGRESS, startReplaces, statusOf } from '../../functions/domain/ai/drafting/job-state';
import { AiBudgetSpentError, ModelUnavailableError } from '../../functions/domain/ai/errors';

const T0 = Date.parse('2026-11-24T10:00:00.000Z');
const job = (over: Partial<DraftJob> = {}): DraftJob => ({
  ...newJob({ id: '0193a1c2-0000-7000-8000-000000000001', reportId: '11111111-1111-4111-8111-111111111111', step: 'findings', user: 'ann', now: new Date(T0).toISOString() }),
  ...over,
});

describe('the drafting job state machine', () => {
  it('starts queued at 0%, in the shape the API answers', () => {
    // Act
    const fresh = job();
    // Assess
    expect(fresh).toMatchObject({ status: 'queued', stage: 'queued', progress: 0, error: null, provenance_id: null, completed_at: null });
    expect(z.safeParse(DraftJob, fresh).success).toBe(true);
  });

  it('moves forward through reading, drafting and checking to ready, each further along; never back, never out of a finished job', () => {
    // Prepare
    const forward = ['queued', 'reading', 'drafting', 'checking', 'ready'] as const;
    // Assess
    for (let i = 1; i < forward.length; i++) {
      expect(canMove(forward[i - 1]!, forward[i]!)).toBe(true);
      expect(STAGE_PROGRESS[forward[i]!]).toBeGreaterThan(STAGE_PROGRESS[forward[i - 1]!]);
    }
    expect(canMove('drafting', 'reading')).toBe(false);
    expect(canMove('checking', 'checking')).toBe(false);
    expect(canMove('queued', 'ready')).toBe(true);
    for (const stage of ['queued', 'reading', 'drafting', 'checking'] as const) expect(canMove(stage, 'failed')).toBe(true);
    for (const to of DRAFT_JOB_STAGES) {
      expect(canMove('ready', to)).toBe(false);
      expect(canMove('failed', to)).toBe(false);
    }
    expect(DRAFT_JOB_STAGES.map(statusOf)).toEqual(['queued', 'running', 'running', 'running', 'done', 'failed']);
  });

  it('answers a running job to a second start, and replaces a finished or stale one', () => {
    // Prepare
    const running = job({ status: 'running', stage: 'drafting', updated_at: new Date(T0).toISOString() });
    const justInTime = T0 + DRAFT_STALE_SECONDS * 1000;
    // Assess
    expect(startReplaces(undefined, T0)).toBe(true);
    expect(startReplaces(running, T0 + 1000)).toBe(false);
    expect(startReplaces(running, justInTime)).toBe(false);
    expect(startReplaces(running, justInTime + 1)).toBe(true);
    expect(startReplaces(job({ status: 'done', stage: 'ready' }), T0 + 1000)).toBe(true);
    expect(startReplaces(job({ status: 'failed', stage: 'failed' }), T0 + 1000)).toBe(true);
  });

  it('shows a job its worker outlived as failed with a reason; a live or finished one as it is', () => {
    // Prepare
    const running = job({ status: 'running', stage: 'checking', progress: 80 });
    const done = job({ status: 'done', stage: 'ready', progress: 100 });
    const later = T0 + (DRAFT_STALE_SECONDS + 1) * 1000;
    // Act
    const shown = present(running, later);
    // Assess
    expect(isStale(running, later)).toBe(true);
    expect(shown).toMatchObject({ status: 'failed', stage: 'failed', error: details.draftTimedOut, completed_at: running.updated_at });
    expect(present(running, T0 + 5000)).toEqual(running);
    expect(present(done, later)).toEqual(done);
  });

  it('fails with the safe message of a known error (budget, model busy) and a general one for anything else', () => {
    // Assess
    expect(failureDetail(new ModelUnavailableError(details.aiModelUnavailable('throttled')))).toBe(details.aiModelUnavailable('throttled'));
    expect(failureDetail(new AiBudgetSpentError(details.aiBudgetSpent(10, 10)))).toBe(details.aiBudgetSpent(10, 10));
    expect(failureDetail(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(details.draftFailed);
    expect(failureDetail('boom')).toBe(details.draftFailed);
  });
});
