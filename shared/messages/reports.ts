/** The report routes' error details. */

export const reportsDetails = {
  reportNotFound: 'Report not found',
  reportOrganizationMissing: 'organization_id does not match any organization',
  reportStale: (by: string) =>
    `This report was changed by ${by} after you opened it; the latest version has been loaded, please try again`,
} as const;
