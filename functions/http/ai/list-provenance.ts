import { aiRoutes } from '@shared/api/routes/ai';
import { reportProvenance } from '../../domain/ai/drafting/provenance';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(aiRoutes.listProvenance).handler(async ({ input, context }) => reportProvenance(reportInContext(context, input.params.id), input.query));
