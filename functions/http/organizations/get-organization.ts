import { organizationRoutes } from '@shared/api/routes/organizations';
import { getOrganization } from '../../domain/organizations/organizations';
import { api } from '../api';

export const handler = api(organizationRoutes.getOrganization).handler(async ({ input }) => getOrganization(input.params.id));
