/**
 * The page's knowledge of a drafting job it has just started: the answer of the job query's first load, asked before
 * the job started and arriving after it, must not overwrite the job (the page would stop polling and never show the
 * job's progress or its draft).
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { DraftJob } from '@shared/schemas/report-document';
import { seedDraftJob } from '../../frontend/src/features/ai/lib/draft-job-cache';

const REPORT = '11111111-2222-4333-8444-555555555555';

describe('seeding a drafting job the page has just started', () => {
  it('keeps the started job when an answer asked before it arrives after it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['ai-draft-job', REPORT, 'roadmap'];
    // the query's first load after a reload: on its way, and it will say there is no job
    let answer!: (v: { job: DraftJob | null }) => void;
    const firstLoad = client.fetchQuery({ queryKey: key, queryFn: () => new Promise<{ job: DraftJob | null }>((resolve) => (answer = resolve)) }).catch(() => undefined);
    const job = { id: 'j1', step: 'roadmap', status: 'queued', stage: 'queued', progress: 0 } as unknown as DraftJob;
    await seedDraftJob(client, key, job);
    answer({ job: null });
    await firstLoad;
    const seen = client.getQueryData<{ job: DraftJob | null }>(key);
    expect(seen?.job?.id).toBe('j1');
    expect(seen?.job?.status).toBe('queued');
  });
});
