/**
 * 'Complete Setup': create the organization, then the report (spec section 7), and claim the evidence
 * uploaded under the placeholder. A failure between the two calls leaves no orphan: the organization just
 * created is deleted again, and if even that fails its id is kept so a retry reuses it. Completing setup
 * again updates the existing organization and report instead of creating new ones.
 */
import { getOrganization } from '@/features/dashboard/api/get-organization';
import { deleteOrganization } from '@/features/dashboard/api/delete-organization';
import { claimEvidence, createOrganization, createReport, getReport, updateOrganization, updateReport } from '../api/wizard-api';
import type { SetupData } from './types';

export interface SetupResult {
  organizationId: string;
  reportId: string;
}

export async function completeSetup(
  setup: SetupData,
  placeholderId: string,
  /** called as soon as an organization id exists, so a retry after a failure reuses it */
  onOrganization: (organizationId: string) => void,
): Promise<SetupResult> {
  const org = {
    name: setup.organizationName.trim(),
    sector: setup.sector || 'other',
    geography: setup.geography.trim(),
    fy_start: setup.fyStart || 'january',
    currency: setup.currency || 'USD',
    brand_settings: {
      ...(setup.brandSettings.primaryColor ? { primaryColor: setup.brandSettings.primaryColor } : {}),
      ...(setup.brandSettings.secondaryColor ? { secondaryColor: setup.brandSettings.secondaryColor } : {}),
      ...(setup.brandSettings.logoUrl ? { logoUrl: setup.brandSettings.logoUrl } : {}),
    },
  };
  let organizationId = setup.organizationId;
  let createdNow = false;
  if (organizationId) {
    const current = await getOrganization(organizationId);
    await updateOrganization(organizationId, { ...org, version: current.version });
  } else {
    organizationId = (await createOrganization(org)).id;
    createdNow = true;
    onOrganization(organizationId);
  }

  let reportId = setup.reportId;
  if (reportId) {
    const current = await getReport(reportId);
    if (current.title !== setup.reportTitle.trim() || current.owner !== setup.reportOwner.trim()) {
      await updateReport(reportId, { title: setup.reportTitle.trim(), owner: setup.reportOwner.trim(), version: current.version });
    }
  } else {
    try {
      reportId = (await createReport({ title: setup.reportTitle.trim(), organization_id: organizationId, owner: setup.reportOwner.trim() })).id;
    } catch (error) {
      if (createdNow) {
        const cleaned = await deleteOrganization(organizationId).then(
          () => true,
          () => false,
        );
        if (cleaned) onOrganization('');
      }
      throw error;
    }
    await claimEvidence(reportId, placeholderId).catch(() => undefined); // the placeholder copies stay (2 days) if this fails
  }
  return { organizationId, reportId };
}
