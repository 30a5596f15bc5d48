/**
 * Enumerations from the spec (section 5), stored in one canonical form and shown with the label each
 * place uses: the dashboard lists sector and FY start with initial capitals, the wizard in lower case.
 */
export const SECTORS = ['technology', 'healthcare', 'finance', 'retail', 'manufacturing', 'other'] as const;
export type Sector = (typeof SECTORS)[number];

export const FY_STARTS = ['january', 'april', 'july', 'october'] as const;
export type FyStart = (typeof FY_STARTS)[number];

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'INR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const REPORT_STATUSES = ['Draft', 'In Review', 'Final'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const STAKEHOLDER_INFLUENCE = ['High', 'Medium', 'Low'] as const;

/** What setup and a new organization take when nothing is chosen: the one definition of these defaults. */
export const SETUP_DEFAULTS: { readonly sector: Sector; readonly fyStart: FyStart; readonly currency: Currency } = {
  sector: 'other',
  fyStart: 'january',
  currency: 'USD',
};

const capitalise = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

/** Dashboard labels: 'Technology', 'January'. */
export const dashboardLabel = (value: string) => capitalise(value);
/** Wizard labels: 'technology', 'january'. */
export const wizardLabel = (value: string) => value.toLowerCase();

/** Draft → In Review → Final → Draft. */
export function nextStatus(status: ReportStatus): ReportStatus {
  return REPORT_STATUSES[(REPORT_STATUSES.indexOf(status) + 1) % REPORT_STATUSES.length]!;
}
