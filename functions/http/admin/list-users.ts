import { adminRoutes } from '@shared/api/routes/admin';
import { listUsers } from '../../domain/admin/users';
import { api } from '../api';

export const handler = api(adminRoutes.listUsers).handler(async ({ input, user }) => listUsers(user.username, input.query));
