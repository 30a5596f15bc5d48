/** The report routes' error details. */

export const reportsDetails = {
  reportNotFound: 'Report not found',
  reportOrganizationMissing: 'organization_id does not match any organization',
  reportStale: (by: string) =>
    `This report was changed by ${by} after you opened it; the latest version has been loaded, please try again`,
  /** a change to a Final report (its sections, visuals, evidence, wizard steps, brand, drafts, status): read-only until a lead reopens it */
  reportFinal: 'This report is Final: reopen it to make changes',
  /** reopening a report that is not Final */
  reportNotFinal: 'Only a Final report can be reopened',
} as const;
