import { brandRoutes } from '@shared/api/routes/brand';
import { presignLogo } from '../../domain/brand/logo-presign';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(brandRoutes.presignLogo).handler(async ({ input, user, context }) => presignLogo(reportInContext(context, input.params.id), input.body, user.username));
