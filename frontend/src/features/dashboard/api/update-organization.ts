import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { organizationRoutes } from '@shared/api/routes/organizations';
import { callApi } from '@/lib/api-client';

export type UpdateOrganizationInput = BodyInput<typeof organizationRoutes.updateOrganization>;
export const updateOrganization = (input: { id: string; body: UpdateOrganizationInput }) =>
  callApi(organizationRoutes.updateOrganization, { params: { id: input.id }, body: input.body });

export const useUpdateOrganization = () => useMutation({ mutationFn: updateOrganization });
