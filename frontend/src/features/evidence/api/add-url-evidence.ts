import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { evidenceRoutes } from '@shared/api/routes/evidence';
import { callApi } from '@/lib/api-client';
import { useInvalidateEvidence } from './keys';

export type UrlEvidenceInput = BodyInput<typeof evidenceRoutes.addUrlEvidence>;

const addUrlEvidence = (ref: string, body: UrlEvidenceInput) => callApi(evidenceRoutes.addUrlEvidence, { params: { id: ref }, body });

export const useAddUrlEvidence = (ref: string) => {
  const invalidate = useInvalidateEvidence();
  return useMutation({ mutationFn: (body: UrlEvidenceInput) => addUrlEvidence(ref, body), onSettled: invalidate });
};
