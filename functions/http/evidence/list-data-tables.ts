import { evidenceRoutes } from '@shared/api/routes/evidence';
import { reportDataRoom } from '../../domain/evidence/data-room';
import { api } from '../api';

export const handler = api(evidenceRoutes.listDataTables).handler(async ({ input }) => reportDataRoom(input.params.id, input.params.evidence_id));
