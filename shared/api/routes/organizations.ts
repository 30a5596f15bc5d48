import {
  CreatedResponse,
  CreateOrganizationBody,
  DeletedResponse,
  IdParams,
  Organization,
  OrganizationPage,
  PageQuery,
  UpdateOrganizationBody,
  VersionedOk,
} from '@shared/schemas/organizations';
import { defineRoute, routeTable } from '../route-types';

/** Client organizations (spec sections 3 and 7). */
export const organizationRoutes = routeTable({
  listOrganizations: defineRoute({
    method: 'GET',
    path: '/api/organizations',
    handler: 'organizations/list-organizations',
    summary: 'Organizations by name, a page at a time, with the total',
    query: PageQuery,
    response: OrganizationPage,
    access: { table: 'read' },
    listing: true,
  }),
  getOrganization: defineRoute({
    method: 'GET',
    path: '/api/organizations/{id}',
    handler: 'organizations/get-organization',
    summary: 'One organization',
    params: IdParams,
    response: Organization,
    access: { table: 'read' },
  }),
  createOrganization: defineRoute({
    method: 'POST',
    path: '/api/organizations',
    handler: 'organizations/create-organization',
    summary: 'Create an organization; answers with its id',
    body: CreateOrganizationBody,
    response: CreatedResponse,
    access: { table: 'readwrite' },
  }),
  updateOrganization: defineRoute({
    method: 'PUT',
    path: '/api/organizations/{id}',
    handler: 'organizations/update-organization',
    summary: 'Replace an organization\'s fields; 409 when the version is stale',
    params: IdParams,
    body: UpdateOrganizationBody,
    response: VersionedOk,
    access: { table: 'readwrite' },
  }),
  deleteOrganization: defineRoute({
    method: 'DELETE',
    path: '/api/organizations/{id}',
    handler: 'organizations/delete-organization',
    summary: 'Delete an organization, with its evidence library (items and files); 409 while reports still use it',
    params: IdParams,
    // its team's leads, or an administrator (functions/domain/access/policy.ts)
    clientAction: 'delete_client',
    response: DeletedResponse,
    // its library's files go with it
    bundleBudgetKb: 470,
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['list', 'delete'], prefixes: ['evidence'] }, { actions: ['delete'], prefixes: ['templates'] }] },
  }),
});
