import { organizationRoutes } from '@shared/api/routes/organizations';
import { deleteOrganization } from '../../domain/organizations/organizations';
import { api } from '../api';

export const handler = api(organizationRoutes.deleteOrganization).handler(async ({ input, user }) => deleteOrganization(input.params.id, user.username));
