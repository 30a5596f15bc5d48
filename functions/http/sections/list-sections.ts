import { sectionRoutes } from '@shared/api/routes/sections';
import { listReportSections } from '../../domain/sections/sections';
import { api } from '../api';

export const handler = api(sectionRoutes.listSections).handler(async ({ input }) => listReportSections(input.params.id));
