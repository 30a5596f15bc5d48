import { evidenceRoutes } from '@shared/api/routes/evidence';
import { deleteReportEvidence } from '../../domain/evidence/delete-evidence';
import { api } from '../api';

export const handler = api(evidenceRoutes.deleteEvidence).handler(async ({ input, user }) => deleteReportEvidence(input.params.id, input.params.evidence_id, user.username));
