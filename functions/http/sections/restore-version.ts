import { sectionRoutes } from '@shared/api/routes/sections';
import { restoreSectionVersion } from '../../domain/sections/sections';
import { api } from '../api';

export const handler = api(sectionRoutes.restoreSectionVersion).handler(async ({ input, user }) =>
  restoreSectionVersion(input.params.id, input.params.key, input.params.version, input.body.version, user.username),
);
