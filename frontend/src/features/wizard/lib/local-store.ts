/**
 * The wizard's browser storage: the spec's temporary key (no report yet), and a copy per report that is
 * written whenever the server cannot be reached and synced when it can again.
 */
import { PLACEHOLDER_PATTERN } from '@shared/schemas/evidence';
import type { WizardState } from './types';

export const TEMP_KEY = 'assay.wizard.temp';
export const reportKey = (reportId: string) => `assay.wizard.report.${reportId}`;

export interface LocalCopy {
  state: WizardState;
  /** true while the server has not got this copy */
  pending: boolean;
  savedAt: string;
}

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Returns false when the browser refused (quota, private mode). */
function write(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export const readTemp = () => read<LocalCopy>(TEMP_KEY);
export const writeTemp = (state: WizardState) => write(TEMP_KEY, { state, pending: true, savedAt: new Date().toISOString() } satisfies LocalCopy);
export const clearTemp = () => localStorage.removeItem(TEMP_KEY);

export const readReportCopy = (reportId: string) => read<LocalCopy>(reportKey(reportId));
export const writeReportCopy = (state: WizardState, pending: boolean) =>
  write(reportKey(state.reportId!), { state, pending, savedAt: new Date().toISOString() } satisfies LocalCopy);
export const clearReportCopy = (reportId: string) => localStorage.removeItem(reportKey(reportId));

/** The placeholder report id evidence is filed under before setup: kept across reloads until a report claims it. */
const PLACEHOLDER_KEY = 'assay.wizard.placeholder';
export function stablePlaceholder(): string {
  const existing = localStorage.getItem(PLACEHOLDER_KEY);
  if (existing && PLACEHOLDER_PATTERN.test(existing)) return existing;
  const fresh = `temp-${crypto.randomUUID()}`;
  try {
    localStorage.setItem(PLACEHOLDER_KEY, fresh);
  } catch {
    // private mode: a placeholder for this page only
  }
  return fresh;
}
export const clearPlaceholder = () => localStorage.removeItem(PLACEHOLDER_KEY);
