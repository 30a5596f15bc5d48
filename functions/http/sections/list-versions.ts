import { sectionRoutes } from '@shared/api/routes/sections';
import { sectionHistory } from '../../domain/sections/sections';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(sectionRoutes.listSectionVersions).handler(async ({ input, context }) => sectionHistory(reportInContext(context, input.params.id), input.params.key, input.query));
