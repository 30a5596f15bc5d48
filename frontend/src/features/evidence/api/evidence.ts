import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { evidenceRoutes } from '@shared/api/routes/evidence';
import type { EvidenceType } from '@shared/schemas/evidence';
import { callApi } from '@/lib/api-client';

export const evidenceKeys = {
  all: ['evidence'] as const,
  list: (ref: string, q: string) => ['evidence', ref, 'list', q] as const,
  one: (ref: string, id: string) => ['evidence', ref, 'one', id] as const,
};

/** A report's evidence; `q` searches titles, tags and extracted text on the server. */
export const useEvidenceList = (ref: string | undefined, q: string) =>
  useQuery({
    queryKey: evidenceKeys.list(ref ?? '', q),
    queryFn: () => callApi(evidenceRoutes.listEvidence, { params: { id: ref! }, query: q ? { q } : {} }),
    enabled: Boolean(ref),
    placeholderData: (previous) => previous,
  });

export const useEvidenceItem = (ref: string, id: string | null) =>
  useQuery({
    queryKey: evidenceKeys.one(ref, id ?? ''),
    queryFn: () => callApi(evidenceRoutes.getEvidence, { params: { id: ref, evidence_id: id! } }),
    enabled: Boolean(id),
  });

function useInvalidateEvidence() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: evidenceKeys.all });
}

export type UrlEvidenceInput = BodyInput<typeof evidenceRoutes.addUrlEvidence>;
export type InterviewEvidenceInput = BodyInput<typeof evidenceRoutes.addInterviewEvidence>;

export const useAddUrlEvidence = (ref: string) => {
  const invalidate = useInvalidateEvidence();
  return useMutation({ mutationFn: (body: UrlEvidenceInput) => callApi(evidenceRoutes.addUrlEvidence, { params: { id: ref }, body }), onSettled: invalidate });
};

export const useAddInterviewEvidence = (ref: string) => {
  const invalidate = useInvalidateEvidence();
  return useMutation({ mutationFn: (body: InterviewEvidenceInput) => callApi(evidenceRoutes.addInterviewEvidence, { params: { id: ref }, body }), onSettled: invalidate });
};

export const useDeleteEvidence = (ref: string) => {
  const invalidate = useInvalidateEvidence();
  return useMutation({ mutationFn: (id: string) => callApi(evidenceRoutes.deleteEvidence, { params: { id: ref, evidence_id: id } }), onSettled: invalidate });
};

export const useUpdateEvidence = (ref: string) => {
  const invalidate = useInvalidateEvidence();
  return useMutation({
    mutationFn: (input: { id: string; body: BodyInput<typeof evidenceRoutes.updateEvidence> }) =>
      callApi(evidenceRoutes.updateEvidence, { params: { id: ref, evidence_id: input.id }, body: input.body }),
    onSettled: invalidate,
  });
};

export const typeFilterValues: readonly (EvidenceType | 'all')[] = ['all', 'file', 'url', 'interview'];
