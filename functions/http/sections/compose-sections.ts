import { sectionRoutes } from '@shared/api/routes/sections';
import { composeReportSections } from '../../domain/sections/sections';
import { api } from '../api';

export const handler = api(sectionRoutes.composeSections).handler(async ({ input, user }) => composeReportSections(input.params.id, input.body, user.username));
