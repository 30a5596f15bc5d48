import { organizationRoutes } from '@shared/api/routes/organizations';
import { listOrganizations } from '../../domain/organizations/organizations';
import { api } from '../api';

export const handler = api(organizationRoutes.listOrganizations).handler(async ({ input, user }) => listOrganizations(user.username, input.query.limit, input.query.cursor));
