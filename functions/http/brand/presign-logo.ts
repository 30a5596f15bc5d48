import { brandRoutes } from '@shared/api/routes/brand';
import { presignLogo } from '../../domain/brand/logo-presign';
import { api } from '../api';

export const handler = api(brandRoutes.presignLogo).handler(async ({ input, user }) => presignLogo(input.params.id, input.body, user.username));
