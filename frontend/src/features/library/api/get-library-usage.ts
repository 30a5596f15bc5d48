import { libraryRoutes } from '@shared/api/routes/library';
import { callApi } from '@/lib/api-client';

/** The reports that use a library item, each with the citations that would break if it were deleted. */
export const getLibraryUsage = (orgId: string, evidenceId: string) => callApi(libraryRoutes.getLibraryItemUsage, { params: { id: orgId, evidence_id: evidenceId } });
