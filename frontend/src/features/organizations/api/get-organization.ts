import { organizationRoutes } from '@shared/api/routes/organizations';
import { callApi } from '@/lib/api-client';

export const getOrganization = (id: string) => callApi(organizationRoutes.getOrganization, { params: { id } });
