import { useQueryClient } from '@tanstack/react-query';

export const evidenceKeys = {
  all: ['evidence'] as const,
  list: (ref: string, q: string) => ['evidence', ref, 'list', q] as const,
  search: (ref: string, q: string) => ['evidence', ref, 'search', q] as const,
  one: (ref: string, id: string) => ['evidence', ref, 'one', id] as const,
};

/** Reloads every evidence list and item (after a change). */
export function useInvalidateEvidence() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: evidenceKeys.all });
}
