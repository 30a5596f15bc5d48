import { useQueryClient } from '@tanstack/react-query';

export const evidenceKeys = {
  all: ['evidence'] as const,
  list: (ref: string, q: string) => ['evidence', ref, 'list', q] as const,
  search: (ref: string, q: string) => ['evidence', ref, 'search', q] as const,
  one: (ref: string, id: string) => ['evidence', ref, 'one', id] as const,
  tables: (ref: string, id: string) => ['evidence', ref, 'tables', id] as const,
  rows: (ref: string, id: string, table: string, at: string, limit: number) => ['evidence', ref, 'rows', id, table, at, limit] as const,
};

/** Reloads every evidence list and item (after a change). */
export function useInvalidateEvidence() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: evidenceKeys.all });
}
