import { useMutation } from '@tanstack/react-query';
import { libraryRoutes } from '@shared/api/routes/library';
import { callApi } from '@/lib/api-client';
import { useInvalidateLibrary } from './keys';

const takeFromLibrary = (reportId: string, evidenceIds: string[], replace?: string) =>
  callApi(libraryRoutes.takeFromLibrary, { params: { id: reportId }, body: { evidence_ids: evidenceIds, ...(replace ? { replace } : {}) } });

/** Take items of the client's library into a report (a reference, never a copy); `replace` drops a duplicate just uploaded. */
export const useTakeFromLibrary = (reportId: string) => {
  const invalidate = useInvalidateLibrary();
  return useMutation({ mutationFn: (v: { ids: string[]; replace?: string }) => takeFromLibrary(reportId, v.ids, v.replace), onSettled: invalidate });
};
