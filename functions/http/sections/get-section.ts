import { sectionRoutes } from '@shared/api/routes/sections';
import { getReportSection } from '../../domain/sections/sections';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(sectionRoutes.getSection).handler(async ({ input, context }) => getReportSection(reportInContext(context, input.params.id), input.params.key));
