/** Under ['report', id], so a report's invalidation reloads its conflicts too. */
export const conflictKeys = { list: (reportId: string) => ['report', reportId, 'conflicts'] as const };
