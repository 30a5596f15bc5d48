/** The wizard's server progress through TanStack Query: one query per report (saves go through lib/progress-sync.ts). */
import { useQuery } from '@tanstack/react-query';
import { loadProgress } from '../api/get-progress';

const progressKeys = {
  one: (reportId: string) => ['wizard-progress', reportId] as const,
};

/** A report's saved progress. Not retried or refetched on its own: the wizard decides when to load again. */
export function useProgressQuery(reportId: string | null) {
  return useQuery({
    queryKey: progressKeys.one(reportId ?? ''),
    queryFn: () => loadProgress(reportId!),
    enabled: Boolean(reportId),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
