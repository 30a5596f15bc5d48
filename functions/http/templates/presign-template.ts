import { templateRoutes } from '@shared/api/routes/templates';
import { presignTemplate } from '../../domain/templates/templates';
import { api } from '../api';

export const handler = api(templateRoutes.presignTemplate).handler(async ({ input, user }) => presignTemplate(input.body, user.username));
