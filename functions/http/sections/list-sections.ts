import { sectionRoutes } from '@shared/api/routes/sections';
import { listReportSections } from '../../domain/sections/sections';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(sectionRoutes.listSections).handler(async ({ input, context }) => listReportSections(reportInContext(context, input.params.id)));
