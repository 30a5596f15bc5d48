import type { BodyInput } from '@shared/api/route-types';
import { organizationRoutes } from '@shared/api/routes/organizations';
import { callApi } from '@/lib/api-client';

export const createOrganization = (body: BodyInput<typeof organizationRoutes.createOrganization>) => callApi(organizationRoutes.createOrganization, { body });
