/** Section text the server could not take yet (offline): kept in browser storage until it is synced. */
import type { Citation } from '@shared/schemas/report-document';

export interface LocalDraft {
  content: string;
  citations: Citation[];
  /** the server version the text was written on */
  version: number;
  source: 'person' | 'ai';
  savedAt: string;
}

const key = (reportId: string, section: string) => `assay.editor.${reportId}.${section}`;

export function readLocalDraft(reportId: string, section: string): LocalDraft | null {
  try {
    const raw = localStorage.getItem(key(reportId, section));
    return raw ? (JSON.parse(raw) as LocalDraft) : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(reportId: string, section: string, draft: LocalDraft): boolean {
  try {
    localStorage.setItem(key(reportId, section), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export const clearLocalDraft = (reportId: string, section: string) => localStorage.removeItem(key(reportId, section));
