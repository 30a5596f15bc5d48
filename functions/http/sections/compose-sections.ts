import { sectionRoutes } from '@shared/api/routes/sections';
import { composeReportSections } from '../../domain/sections/sections';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(sectionRoutes.composeSections).handler(async ({ input, user, context }) => composeReportSections(reportInContext(context, input.params.id), input.body, user.username));
