import { sectionRoutes } from '@shared/api/routes/sections';
import { saveReportSection } from '../../domain/sections/sections';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(sectionRoutes.saveSection).handler(async ({ input, user, context }) =>
  saveReportSection(reportInContext(context, input.params.id), input.params.key, input.body, user.username),
);
