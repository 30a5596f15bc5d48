import { sectionRoutes } from '@shared/api/routes/sections';
import { saveReportSection } from '../../domain/sections/sections';
import { api } from '../api';

export const handler = api(sectionRoutes.saveSection).handler(async ({ input, user }) =>
  saveReportSection(input.params.id, input.params.key, input.body, user.username),
);
