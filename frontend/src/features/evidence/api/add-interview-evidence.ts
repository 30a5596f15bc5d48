import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { evidenceRoutes } from '@shared/api/routes/evidence';
import { callApi } from '@/lib/api-client';
import { useInvalidateEvidence } from './keys';

export type InterviewEvidenceInput = BodyInput<typeof evidenceRoutes.addInterviewEvidence>;

const addInterviewEvidence = (ref: string, body: InterviewEvidenceInput) => callApi(evidenceRoutes.addInterviewEvidence, { params: { id: ref }, body });

export const useAddInterviewEvidence = (ref: string) => {
  const invalidate = useInvalidateEvidence();
  return useMutation({ mutationFn: (body: InterviewEvidenceInput) => addInterviewEvidence(ref, body), onSettled: invalidate });
};
