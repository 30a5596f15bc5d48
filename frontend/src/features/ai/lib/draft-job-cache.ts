import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { DraftJob } from '@shared/schemas/report-document';

/**
 * Seeds a step's job query with the job just started. An answer about the step asked for before it started (the
 * query's first load after a reload, still on its way) is cancelled first: it would arrive later, say there is no job
 * running, stop the polling, and leave the page without the progress or the draft of the job it started.
 */
export async function seedDraftJob(client: QueryClient, key: QueryKey, job: DraftJob): Promise<void> {
  await client.cancelQueries({ queryKey: key });
  client.setQueryData(key, { job });
}
