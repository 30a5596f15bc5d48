/**
 * The wizard's browser storage: the spec's temporary key (no report yet), and a copy per report (a journal)
 * written before every request that saves to the server and cleared once the server has it: a reload, a
 * closed tab or an unreachable server loses nothing, and the next page compares it with the server per step.
 */
import { PLACEHOLDER_PATTERN } from '@shared/schemas/evidence';
import { readSession } from '@/lib/session-store';
import type { LocalCopy, RequestMark, WizardState } from './types';

export const TEMP_KEY = 'assay.wizard.temp';
const REPORT_PREFIX = 'assay.wizard.report.';
/** A tab's journal of one report (per tab: two tabs of one report never take each other's work for their own). */
export const reportKey = (reportId: string, session?: string) => `${REPORT_PREFIX}${reportId}${session ? `.${session}` : ''}`;

export type { LocalCopy, RequestMark };

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

/** This tab's journal of the report. */
export const readReportCopy = (reportId: string, session: string) => read<LocalCopy>(reportKey(reportId, session));
export const writeReportCopy = (state: WizardState, pending: boolean, mark: RequestMark & { session: string }) =>
  write(reportKey(state.reportId!, mark.session), { state, pending, savedAt: new Date().toISOString(), ...mark } satisfies LocalCopy);
export const clearReportCopy = (reportId: string, session: string) => removeKey(reportKey(reportId, session));

/**
 * Journals of the report that other tabs left pending (and the single copy per report older versions kept),
 * newest first: a tab closed while offline leaves its work here for the next page that finds it orphaned.
 */
export function otherReportCopies(reportId: string, session: string): { key: string; copy: LocalCopy }[] {
  const found: { key: string; copy: LocalCopy }[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key || key === reportKey(reportId, session) || (key !== reportKey(reportId) && !key.startsWith(`${reportKey(reportId)}.`))) continue;
      const copy = read<LocalCopy>(key);
      if (copy?.pending) found.push({ key, copy });
    }
  } catch {
    // storage blocked: nothing to find
  }
  return found.sort((a, b) => b.copy.savedAt.localeCompare(a.copy.savedAt));
}

export function removeKey(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // storage blocked: nothing was kept there either
  }
}

/**
 * The placeholder report id evidence is filed under before setup: kept across reloads until a report claims it.
 * One per signed-in user: a placeholder is its creator's alone (the server answers anyone else as if it held
 * nothing), so someone else signing in on this browser gets one of their own.
 */
function placeholderKey(): string {
  const user = readSession()?.user.username;
  return user ? `assay.wizard.placeholder.${user}` : 'assay.wizard.placeholder';
}
export function stablePlaceholder(): string {
  const key = placeholderKey();
  const existing = localStorage.getItem(key);
  if (existing && PLACEHOLDER_PATTERN.test(existing)) return existing;
  const fresh = `temp-${crypto.randomUUID()}`;
  try {
    localStorage.setItem(key, fresh);
  } catch {
    // private mode: a placeholder for this page only
  }
  return fresh;
}
export const clearPlaceholder = () => localStorage.removeItem(placeholderKey());
