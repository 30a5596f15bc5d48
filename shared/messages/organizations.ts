/** The organization routes' error details. */

export const organizationsDetails = {
  organizationNotFound: 'Organization not found',
  organizationStale: (by: string) =>
    `This organization was changed by ${by} after you opened it; the latest version has been loaded, please apply your change again`,
  organizationInUse: (name: string, count: number) =>
    `${name} cannot be deleted: ${count} report${count === 1 ? ' uses' : 's use'} it. Delete those reports first.`,
} as const;
