import { sectionRoutes } from '@shared/api/routes/sections';
import { sectionHistory } from '../../domain/sections/sections';
import { api } from '../api';

export const handler = api(sectionRoutes.listSectionVersions).handler(async ({ input }) => sectionHistory(input.params.id, input.params.key, input.query));
