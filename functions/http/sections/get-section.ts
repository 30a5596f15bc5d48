import { sectionRoutes } from '@shared/api/routes/sections';
import { getReportSection } from '../../domain/sections/sections';
import { api } from '../api';

export const handler = api(sectionRoutes.getSection).handler(async ({ input }) => getReportSection(input.params.id, input.params.key));
