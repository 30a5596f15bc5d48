import { templateRoutes } from '@shared/api/routes/templates';
import { processTemplate } from '../../domain/templates/process';
import { api } from '../api';

export const handler = api(templateRoutes.processTemplate).handler(async ({ input, user }) => processTemplate(input.params.file_id, input.body, user.username));
