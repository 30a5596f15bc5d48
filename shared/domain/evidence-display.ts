/** How evidence is shown (spec sections 4 and 9). */
import type { EvidenceType } from '../schemas/evidence';

/** Relevance colour: green at 0.9 or more, yellow at 0.7 or more, red otherwise. */
export function relevanceTone(score: number): 'green' | 'yellow' | 'red' {
  if (score >= 0.9) return 'green';
  if (score >= 0.7) return 'yellow';
  return 'red';
}

export const relevancePercent = (score: number) => `${Math.round(score * 100)}%`;

/** The type filter of an evidence list (a report's, and a client's library): every type, or one. */
export const typeFilterValues: readonly (EvidenceType | 'all')[] = ['all', 'file', 'url', 'interview'];

/** File size in KB with one decimal. */
export const fileSizeKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The file chooser's accepted types (spec section 5). */
export const ACCEPTED_FILE_EXTENSIONS = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.csv', '.txt', '.png', '.jpg', '.jpeg'] as const;

/** Files up to this size go through POST /api/files/upload; larger ones straight to S3. */
export const SMALL_UPLOAD_BYTES = 4 * 1024 * 1024;
export const LARGE_UPLOAD_BYTES = 100 * 1024 * 1024;

/** Tags: comma-separated, trimmed, blanks dropped (spec section 5). */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}
