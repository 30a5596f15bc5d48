/** The wizard's server progress through TanStack Query: one query per report, saves as a mutation. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import type { routes } from '@shared/api/routes';
import { loadProgress } from '../api/get-progress';
import { saveProgressOnServer } from '../api/save-progress';

export const progressKeys = {
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

export type SaveProgressInput = BodyInput<typeof routes.saveProgress>;

/** One save of the progress (the wizard runs them one at a time); `keepalive` while the page unloads. */
export function useSaveProgressMutation() {
  return useMutation({ mutationFn: ({ body, keepalive }: { body: SaveProgressInput; keepalive?: boolean }) => saveProgressOnServer(body, { keepalive }), retry: false });
}
