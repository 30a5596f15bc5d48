import { brandRoutes } from '@shared/api/routes/brand';
import { processLogo } from '../../domain/brand/logo';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(brandRoutes.processLogo).handler(async ({ input, user, context }) => processLogo(reportInContext(context, input.params.id), input.params.file_id, user.username));
