import { useQuery } from '@tanstack/react-query';
import { templateRoutes } from '@shared/api/routes/templates';
import { callApi } from '@/lib/api-client';

export const templatesKey = (organizationId: string | null) => ['templates', organizationId ?? 'firm'] as const;

const listTemplates = (organizationId: string | null) => callApi(templateRoutes.listTemplates, { query: organizationId ? { organization_id: organizationId } : {} });

/** The firm's templates, and the client's when there is one: what step 10 chooses from. */
export const useTemplates = (organizationId: string | null) =>
  useQuery({ queryKey: templatesKey(organizationId), queryFn: () => listTemplates(organizationId), staleTime: 60_000 });
