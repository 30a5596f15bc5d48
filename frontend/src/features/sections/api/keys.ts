import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the report document: all under ['report', id], so one invalidation reloads every page of it. */
export const sectionKeys = {
  sections: (reportId: string) => ['report', reportId, 'sections'] as const,
  versions: (reportId: string, key: string) => ['report', reportId, 'versions', key] as const,
  consistency: (reportId: string) => ['report', reportId, 'consistency'] as const,
};

/** Invalidates everything the report document's pages show (after a compose or a section save). */
export function useInvalidateReport() {
  const client = useQueryClient();
  return (reportId: string) => client.invalidateQueries({ queryKey: ['report', reportId] });
}
