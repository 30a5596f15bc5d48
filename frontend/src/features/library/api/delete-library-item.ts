import { useMutation } from '@tanstack/react-query';
import { libraryRoutes } from '@shared/api/routes/library';
import { callApi } from '@/lib/api-client';
import { useInvalidateLibrary } from './keys';

const deleteLibraryItem = (orgId: string, evidenceId: string) => callApi(libraryRoutes.deleteLibraryItem, { params: { id: orgId, evidence_id: evidenceId } });

/** Delete an item from the client's library (the reports that used it keep tombstones for their citations). */
export const useDeleteLibraryItem = (orgId: string) => {
  const invalidate = useInvalidateLibrary();
  return useMutation({ mutationFn: (id: string) => deleteLibraryItem(orgId, id), onSettled: invalidate });
};
