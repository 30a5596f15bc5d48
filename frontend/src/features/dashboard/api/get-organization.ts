import { routes } from '@shared/api/routes';
import { callApi } from '@/lib/api-client';

export const getOrganization = (id: string) => callApi(routes.getOrganization, { params: { id } });
