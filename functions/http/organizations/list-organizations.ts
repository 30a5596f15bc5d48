import { organizationRoutes } from '@shared/api/routes/organizations';
import { listOrganizations } from '../../domain/organizations/organizations';
import { listingApi, listingScope } from '../listing-api';

export const handler = listingApi(organizationRoutes.listOrganizations).handler(async (event) =>
  listOrganizations(event.user.username, event.input.query.limit, event.input.query.cursor, listingScope(event)),
);
