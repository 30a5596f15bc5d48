/**
 * The export's optional sections the user ticked, kept per report in the tab's session storage, so
 * coming back to the Export page (or reloading it) keeps the choice. Only the extras the report can have are sent.
 */
import { EXPORT_EXTRAS, type ExportExtra } from '@shared/schemas/exports';

const key = (reportId: string) => `assay.export-extras.${reportId}`;

/** What is used of the Web Storage API (the page passes `() => sessionStorage`; reaching it may throw too). */
export type ExtrasStore = () => { getItem(key: string): string | null; setItem(key: string, value: string): void };

export function readExtras(reportId: string, store: ExtrasStore): ReadonlySet<ExportExtra> {
  try {
    const raw: unknown = JSON.parse(store().getItem(key(reportId)) ?? '[]');
    return new Set(Array.isArray(raw) ? EXPORT_EXTRAS.filter((e) => raw.includes(e)) : []);
  } catch {
    return new Set();
  }
}

export function writeExtras(reportId: string, extras: ReadonlySet<ExportExtra>, store: ExtrasStore): void {
  try {
    store().setItem(key(reportId), JSON.stringify([...extras]));
  } catch {
    // storage full or denied: the choice is still kept while on the page
  }
}

/** The ticked extras the report offers, in the one order of EXPORT_EXTRAS. */
export const offeredExtras = (ticked: ReadonlySet<ExportExtra>, offered: ReadonlySet<ExportExtra>): ExportExtra[] => EXPORT_EXTRAS.filter((e) => ticked.has(e) && offered.has(e));
