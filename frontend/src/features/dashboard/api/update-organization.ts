import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { routes } from '@shared/api/routes';
import { callApi } from '@/lib/api-client';

export type UpdateOrganizationInput = BodyInput<typeof routes.updateOrganization>;
export const updateOrganization = (input: { id: string; body: UpdateOrganizationInput }) =>
  callApi(routes.updateOrganization, { params: { id: input.id }, body: input.body });

export const useUpdateOrganization = () => useMutation({ mutationFn: updateOrganization });
