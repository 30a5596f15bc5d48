/**
 * An organization's brand settings, set from step 10 "Finalize & Brand" of one of its reports: only
 * `brand_settings` changes (the dashboard's editor keeps its other fields); the version moves on, so an
 * editor holding the organization sees the change (409) instead of writing over it. Set from a report only while
 * that report is not Final (./report-lock-repo.ts).
 */
import type { BrandSettings } from '@shared/schemas/organizations';
import { keys } from './keys';
import { ReportFinalError, reportOpenCheck } from './report-lock-repo';
import { tableName } from './table';
import { transact } from './table-ops';

/** False when the organization is gone; ReportFinalError when the report it is set from is Final (nothing written). */
export async function setOrganizationBrand(organizationId: string, brand: BrandSettings, input: { by: string; now: string; fromReport: string }): Promise<boolean> {
  const outcome = await transact([
    {
      Update: {
        TableName: tableName,
        Key: keys.organization(organizationId),
        UpdateExpression: 'SET brand_settings = :brand, updated_at = :now, updated_by = :by, version = version + :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':brand': brand, ':now': input.now, ':by': input.by, ':one': 1 },
      },
    },
    reportOpenCheck(input.fromReport),
  ]);
  if (outcome.ok) return true;
  if (outcome.failed.includes(1)) throw new ReportFinalError(input.fromReport);
  return false;
}
