/**
 * An organization's brand settings, set from step 10 "Finalize & Brand" of one of its reports: only
 * `brand_settings` changes (the dashboard's editor keeps its other fields); the version moves on, so an
 * editor holding the organization sees the change (409) instead of writing over it.
 */
import type { BrandSettings } from '@shared/schemas/organizations';
import { keys } from './keys';
import { updateIf } from './table-ops';

/** False when the organization is gone. */
export async function setOrganizationBrand(organizationId: string, brand: BrandSettings, input: { by: string; now: string }): Promise<boolean> {
  return updateIf({
    Key: keys.organization(organizationId),
    UpdateExpression: 'SET brand_settings = :brand, updated_at = :now, updated_by = :by, version = version + :one',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':brand': brand, ':now': input.now, ':by': input.by, ':one': 1 },
  });
}
