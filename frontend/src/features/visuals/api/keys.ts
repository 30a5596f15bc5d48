import { useQueryClient } from '@tanstack/react-query';

export const visualKeys = {
  list: (reportId: string) => ['report', reportId, 'visuals'] as const,
  source: (reportId: string) => ['report', reportId, 'chart-source'] as const,
};

/** Reloads the report's visuals (after a change). */
export function useInvalidateVisuals(reportId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: visualKeys.list(reportId) });
}
