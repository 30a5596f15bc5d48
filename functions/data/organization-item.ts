/** A client's (an organization's) stored item as the API gives it: its public fields, with the defaults of fields an older item lacks. */
import type { Organization } from '@shared/schemas/organizations';

export const ORGANIZATION_FIELDS = ['id', 'name', 'sector', 'geography', 'fy_start', 'currency', 'brand_settings', 'report_count', 'confidential', 'created_at', 'updated_at', 'created_by', 'updated_by', 'version'] as const;

export function toOrganization(item: Record<string, unknown>): Organization {
  const org = Object.fromEntries(ORGANIZATION_FIELDS.map((f) => [f, item[f]])) as Organization;
  org.report_count = Number(item.report_count ?? 0);
  org.brand_settings = (item.brand_settings as Organization['brand_settings']) ?? {};
  org.confidential = item.confidential === true;
  return org;
}
