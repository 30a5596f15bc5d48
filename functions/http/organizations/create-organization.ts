import { organizationRoutes } from '@shared/api/routes/organizations';
import { createOrganization } from '../../domain/organizations/organizations';
import { api } from '../api';

export const handler = api(organizationRoutes.createOrganization).handler(async ({ input, user }) => createOrganization(input.body, user.username));
