/**
 * An organization's brand settings, set from step 10 "Finalize & Brand" of one of its reports: only
 * `brand_settings` changes (the dashboard's editor keeps its other fields); the version moves on, so an
 * editor holding the organization sees the change (409) instead of writing over it; the audit log says so.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BrandSettings } from '@shared/schemas/organizations';
import { putAudit } from './audit-repo';
import { keys } from './keys';
import { documentClient, isConditionalCheckFailed, tableName } from './table';

export async function setOrganizationBrand(organizationId: string, brand: BrandSettings, input: { by: string; now: string; name: string; reportTitle: string }): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.organization(organizationId),
        UpdateExpression: 'SET brand_settings = :brand, updated_at = :now, updated_by = :by, version = version + :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':brand': brand, ':now': input.now, ':by': input.by, ':one': 1 },
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
  await putAudit({
    action: 'organization.update',
    target: { kind: 'organization', id: organizationId, title: input.name },
    user: input.by,
    detail: `brand settings (from "${input.reportTitle}")`,
    at: input.now,
    under: { kind: 'organization', id: organizationId },
  });
  return true;
}
