import { useMutation } from '@tanstack/react-query';
import { organizationRoutes } from '@shared/api/routes/organizations';
import { callApi } from '@/lib/api-client';

const deleteOrganization = (id: string) => callApi(organizationRoutes.deleteOrganization, { params: { id } });
export const useDeleteOrganization = () => useMutation({ mutationFn: deleteOrganization });
