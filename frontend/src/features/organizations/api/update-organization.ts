import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { organizationRoutes } from '@shared/api/routes/organizations';
import { callApi } from '@/lib/api-client';

export type UpdateOrganizationInput = BodyInput<typeof organizationRoutes.updateOrganization>;
const updateOrganization = (id: string, body: UpdateOrganizationInput) => callApi(organizationRoutes.updateOrganization, { params: { id }, body });

export const useUpdateOrganization = () => useMutation({ mutationFn: (input: { id: string; body: UpdateOrganizationInput }) => updateOrganization(input.id, input.body) });
