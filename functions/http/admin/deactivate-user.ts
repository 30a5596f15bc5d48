import { adminRoutes } from '@shared/api/routes/admin';
import { deactivateUser } from '../../domain/admin/users';
import { api } from '../api';

export const handler = api(adminRoutes.deactivateUser).handler(async ({ input, user }) => deactivateUser(user.username, input.params.username));
