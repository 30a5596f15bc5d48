import { templateRoutes } from '@shared/api/routes/templates';
import { callApi } from '@/lib/api-client';

/** Deletes a firm template (administrators) or a client's (its lead). */
export const deleteTemplate = (id: string, organizationId: string | null) =>
  callApi(templateRoutes.deleteTemplate, { params: { template_id: id }, query: organizationId ? { organization_id: organizationId } : {} });
