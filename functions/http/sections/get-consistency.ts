import { sectionRoutes } from '@shared/api/routes/sections';
import { reportConsistency } from '../../domain/sections/consistency';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(sectionRoutes.getConsistency).handler(async ({ input, context }) => reportConsistency(reportInContext(context, input.params.id)));
