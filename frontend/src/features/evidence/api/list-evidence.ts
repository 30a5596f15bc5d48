import { useQuery } from '@tanstack/react-query';
import { evidenceRoutes } from '@shared/api/routes/evidence';
import { callApi } from '@/lib/api-client';
import { evidenceKeys } from './keys';

const listEvidence = (ref: string, q: string) => callApi(evidenceRoutes.listEvidence, { params: { id: ref }, query: q ? { q } : {} });

/** A report's evidence; `q` searches titles, tags and extracted text on the server. */
export const useEvidenceList = (ref: string | undefined, q: string) =>
  useQuery({
    queryKey: evidenceKeys.list(ref ?? '', q),
    queryFn: () => listEvidence(ref!, q),
    enabled: Boolean(ref),
    placeholderData: (previous) => previous,
  });
