export const exportKeys = {
  list: (reportId: string) => ['exports', reportId, 'list'] as const,
  job: (reportId: string, exportId: string) => ['exports', reportId, 'job', exportId] as const,
};
