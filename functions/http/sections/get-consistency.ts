import { sectionRoutes } from '@shared/api/routes/sections';
import { reportConsistency } from '../../domain/sections/consistency';
import { api } from '../api';

export const handler = api(sectionRoutes.getConsistency).handler(async ({ input }) => reportConsistency(input.params.id));
