import { organizationRoutes } from '@shared/api/routes/organizations';
import { listOrganizations } from '../../domain/organizations/organizations';
import { api, listingScope } from '../api';

export const handler = api(organizationRoutes.listOrganizations).handler(async (event) =>
  listOrganizations(event.user.username, event.input.query.limit, event.input.query.cursor, listingScope(event)),
);
