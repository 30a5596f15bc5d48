import { aiRoutes } from '@shared/api/routes/ai';
import { reportProvenance } from '../../domain/ai/drafting/provenance';
import { api } from '../api';

export const handler = api(aiRoutes.listProvenance).handler(async ({ input }) => reportProvenance(input.params.id, input.query));
