import { templateRoutes } from '@shared/api/routes/templates';
import { listTemplatesFor } from '../../domain/templates/templates';
import { api } from '../api';

export const handler = api(templateRoutes.listTemplates).handler(async ({ input }) => listTemplatesFor(input.query.organization_id));
