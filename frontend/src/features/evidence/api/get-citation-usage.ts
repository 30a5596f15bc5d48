import { evidenceRoutes } from '@shared/api/routes/evidence';
import { callApi } from '@/lib/api-client';

/** Where an evidence item is cited (step items and sections). */
export const getCitationUsage = (reportId: string, evidenceId: string) => callApi(evidenceRoutes.getCitationUsage, { params: { id: reportId, evidence_id: evidenceId } });
