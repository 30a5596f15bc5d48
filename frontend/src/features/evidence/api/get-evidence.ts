import { useQuery } from '@tanstack/react-query';
import { evidenceRoutes } from '@shared/api/routes/evidence';
import { callApi } from '@/lib/api-client';
import { evidenceKeys } from './keys';

const getEvidence = (ref: string, id: string) => callApi(evidenceRoutes.getEvidence, { params: { id: ref, evidence_id: id } });

export const useEvidenceItem = (ref: string, id: string | null) =>
  useQuery({ queryKey: evidenceKeys.one(ref, id ?? ''), queryFn: () => getEvidence(ref, id!), enabled: Boolean(id) });
