import { useQueryClient } from '@tanstack/react-query';

/**
 * Library items are evidence items, so the library's lists are kept under the evidence cache's root
 * (`['evidence']`, the evidence feature's `evidenceKeys.all`): a change to a report's evidence (an upload files a
 * new item in its client's library) reloads them, and a change made here reloads every evidence list with them.
 */
const EVIDENCE_ROOT = ['evidence'] as const;

export const libraryKeys = {
  list: (orgId: string, filters: object) => [...EVIDENCE_ROOT, 'library', orgId, filters] as const,
};

/** Reloads every library list and every report's evidence list and item (after a change to the library). */
export function useInvalidateLibrary() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: EVIDENCE_ROOT });
}
