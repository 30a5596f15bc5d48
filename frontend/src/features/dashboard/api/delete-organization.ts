import { useMutation } from '@tanstack/react-query';
import { routes } from '@shared/api/routes';
import { callApi } from '@/lib/api-client';

export const deleteOrganization = (id: string) => callApi(routes.deleteOrganization, { params: { id } });
export const useDeleteOrganization = () => useMutation({ mutationFn: deleteOrganization });
