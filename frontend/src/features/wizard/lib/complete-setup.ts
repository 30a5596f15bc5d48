/**
 * 'Complete Setup': create the organization, then the report (spec section 7), and claim the evidence
 * uploaded under the placeholder. A failure between the two calls leaves no orphan: the organization just
 * created is deleted again, and if even that fails its id is kept so a retry reuses it. Completing setup
 * again updates the existing organization and report instead of creating new ones, with the versions this
 * tab holds: a change made elsewhere since is refused (409), never silently overwritten.
 */
import { SETUP_DEFAULTS } from '@shared/domain/options';
import { createOrganization, deleteOrganization, getOrganization, updateOrganization } from '@/features/organizations';
import { createReport, getReport, updateReport } from '@/features/reports';
import { claimEvidence } from '@/features/evidence';
import type { SetupData } from './types';

export interface SetupResult {
  organizationId: string;
  reportId: string;
  organizationVersion: number;
  reportVersion: number;
}

export async function completeSetup(
  setup: SetupData,
  placeholderId: string,
  /** called as soon as an organization id exists, so a retry after a failure reuses it */
  onOrganization: (organizationId: string) => void,
): Promise<SetupResult> {
  const org = {
    name: setup.organizationName.trim(),
    sector: setup.sector || SETUP_DEFAULTS.sector,
    geography: setup.geography.trim(),
    fy_start: setup.fyStart || SETUP_DEFAULTS.fyStart,
    currency: setup.currency || SETUP_DEFAULTS.currency,
    brand_settings: {
      ...(setup.brandSettings.primaryColor ? { primaryColor: setup.brandSettings.primaryColor } : {}),
      ...(setup.brandSettings.secondaryColor ? { secondaryColor: setup.brandSettings.secondaryColor } : {}),
      ...(setup.brandSettings.logoUrl ? { logoUrl: setup.brandSettings.logoUrl } : {}),
    },
  };
  let organizationId = setup.organizationId;
  let organizationVersion: number;
  let createdNow = false;
  if (organizationId) {
    // the version this tab read; only progress saved before versions were kept has none (then: the current one)
    const version = setup.organizationVersion ?? (await getOrganization(organizationId)).version;
    organizationVersion = (await updateOrganization(organizationId, { ...org, version })).version;
  } else {
    const created = await createOrganization(org);
    organizationId = created.id;
    organizationVersion = created.version;
    createdNow = true;
    onOrganization(organizationId);
  }

  let reportId = setup.reportId;
  let reportVersion: number;
  if (reportId) {
    const version = setup.reportVersion ?? (await getReport(reportId)).version;
    reportVersion = (await updateReport(reportId, { title: setup.reportTitle.trim(), owner: setup.reportOwner.trim(), version })).version;
  } else {
    try {
      const created = await createReport({ title: setup.reportTitle.trim(), organization_id: organizationId, owner: setup.reportOwner.trim() });
      reportId = created.id;
      reportVersion = created.version;
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
  return { organizationId, reportId, organizationVersion, reportVersion };
}
