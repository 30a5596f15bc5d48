import { templateRoutes } from '@shared/api/routes/templates';
import { removeTemplate } from '../../domain/templates/templates';
import { api } from '../api';

export const handler = api(templateRoutes.deleteTemplate).handler(async ({ input, user }) => removeTemplate(input.params.template_id, input.query.organization_id, user.username));
