import { sectionRoutes } from '@shared/api/routes/sections';
import { sectionVersionDetail } from '../../domain/sections/sections';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(sectionRoutes.getSectionVersion).handler(async ({ input, context }) =>
  sectionVersionDetail(reportInContext(context, input.params.id), input.params.key, input.params.version),
);
