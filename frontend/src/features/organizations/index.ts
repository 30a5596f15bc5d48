/** The organizations feature's public entry: the organization calls, for the dashboard and the wizard's setup. */
export { useDeleteOrganization } from './api/delete-organization';
export { getOrganization } from './api/get-organization';
export { organizationKeys, useOrganizationPages, useOrganizationSummary } from './api/list-organizations';
export { useUpdateOrganization } from './api/update-organization';
export { ClientPicker } from './components/client-picker';
