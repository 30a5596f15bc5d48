import { useMutation } from '@tanstack/react-query';
import { evidenceRoutes } from '@shared/api/routes/evidence';
import { callApi } from '@/lib/api-client';
import { useInvalidateEvidence } from './keys';

const deleteEvidence = (ref: string, id: string) => callApi(evidenceRoutes.deleteEvidence, { params: { id: ref, evidence_id: id } });

export const useDeleteEvidence = (ref: string) => {
  const invalidate = useInvalidateEvidence();
  return useMutation({ mutationFn: (id: string) => deleteEvidence(ref, id), onSettled: invalidate });
};
