/** The organizations feature's public entry: the organization calls, for the dashboard and the wizard's setup. */
export { createOrganization } from './api/create-organization';
export { deleteOrganization, useDeleteOrganization } from './api/delete-organization';
export { getOrganization } from './api/get-organization';
export { listOrganizations, organizationKeys, useOrganizationPages, useOrganizationSummary } from './api/list-organizations';
export { updateOrganization, useUpdateOrganization, type UpdateOrganizationInput } from './api/update-organization';
export { ClientPicker } from './components/client-picker';
