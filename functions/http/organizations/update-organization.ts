import { organizationRoutes } from '@shared/api/routes/organizations';
import { updateOrganization } from '../../domain/organizations/organizations';
import { api } from '../api';

export const handler = api(organizationRoutes.updateOrganization).handler(async ({ input, user }) =>
  updateOrganization(input.params.id, input.body, user.username),
);
