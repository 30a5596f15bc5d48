import { sectionRoutes } from '@shared/api/routes/sections';
import { sectionVersionDetail } from '../../domain/sections/sections';
import { api } from '../api';

export const handler = api(sectionRoutes.getSectionVersion).handler(async ({ input }) =>
  sectionVersionDetail(input.params.id, input.params.key, input.params.version),
);
