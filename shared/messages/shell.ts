/**
 * The texts of the SPA's shell: what every page can show before its own code has loaded (the footer, the
 * loading state, the page error). The entry imports this module alone, so the whole text table of
 * ../messages.ts (which includes these) is not downloaded before the first page. Every user-visible string
 * still lives in shared/messages.ts or here.
 */
export const shellBrand = {
  footer: (provider: string, year: number) => `© ${year} ${provider}. All rights reserved.`,
} as const;

export const shellCommon = {
  loading: 'Loading…',
  chooseReport: 'Report',
  chooseReportPlaceholder: 'Choose a report…',
  backToDashboard: 'Back to dashboard',
  /** the router's error element: a page that failed to load or threw while rendering */
  pageError: {
    title: 'Something went wrong',
    body: 'This page could not be shown. Try again, or go back to the dashboard.',
    retry: 'Try again',
  },
} as const;

/** the dashboard's heading, which index.html also draws as the dashboard's first paint (frontend/boot-plugin.ts) */
export const shellDashboard = {
  heading: 'Executive Business Analysis Reports',
} as const;

/** both, for the SPA's shell components */
export const shell = { brand: shellBrand, common: shellCommon } as const;
