import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { evidenceRoutes } from '@shared/api/routes/evidence';
import { callApi } from '@/lib/api-client';
import { useInvalidateEvidence } from './keys';

export type UpdateEvidenceInput = BodyInput<typeof evidenceRoutes.updateEvidence>;

const updateEvidence = (ref: string, id: string, body: UpdateEvidenceInput) => callApi(evidenceRoutes.updateEvidence, { params: { id: ref, evidence_id: id }, body });

export const useUpdateEvidence = (ref: string) => {
  const invalidate = useInvalidateEvidence();
  return useMutation({ mutationFn: (input: { id: string; body: UpdateEvidenceInput }) => updateEvidence(ref, input.id, input.body), onSettled: invalidate });
};
