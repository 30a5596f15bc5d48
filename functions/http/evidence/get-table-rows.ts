import { evidenceRoutes } from '@shared/api/routes/evidence';
import { reportTablePage } from '../../domain/evidence/data-room';
import { api } from '../api';

export const handler = api(evidenceRoutes.getTableRows).handler(async ({ input }) => reportTablePage(input.params.id, input.params.evidence_id, input.params.table_id, input.query));
