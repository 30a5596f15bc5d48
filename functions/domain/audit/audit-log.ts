/**
 * The firm-wide audit log for administrators: every entry by time (sign-ins, deactivations, exports, evidence
 * deletions, report and organization changes), filtered by time, user and action, a page at a time or as CSV.
 * Reads are bounded: a page reads at most AUDIT_PAGE_BUDGET entries, a CSV export at most AUDIT_CSV_MAX_ROWS rows.
 * Administrators are not exempt from confidentiality: an entry about a confidential client whose team the reader
 * is not on says that something happened on "a confidential client", and nothing of its name, titles or words.
 * Which clients those are is the reader's listing scope, read once with the session check (not per entry).
 */
import { adminDetails } from '@shared/messages/admin';
import { systemDetails } from '@shared/messages/system';
import { AUDIT_CSV_MAX_ROWS, type AuditEntry, type AuditLogCsvQuery, type AuditLogQuery } from '@shared/schemas/audit';
import { listAuditLog, type AuditLogFilter, type AuditLogRow } from '../../data/audit-repo';
import type { ListingScope } from '../../data/listing-scope-repo';
import { InvalidCursorError } from '../../data/cursor';
import { BadRequestError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { assertAdmin } from '../auth';
import { auditCsv } from './csv';

/** Entries one page may read to find its matches (a filter matching little answers with a cursor to go on). */
export const AUDIT_PAGE_BUDGET = 1000;
/** Entries a CSV export may read in all. */
export const AUDIT_CSV_BUDGET = 50_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as index bounds: a date `from` starts at its first moment, a date `to` ends after its last. */
export function auditFilter(query: { from?: string; to?: string; user?: string; action?: AuditEntry['action'] }): AuditLogFilter {
  const from = query.from ? new Date(DAY.test(query.from) ? `${query.from}T00:00:00.000Z` : query.from) : undefined;
  const to = query.to ? new Date(DAY.test(query.to) ? Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000 : query.to) : undefined;
  if (from && to && from.getTime() >= to.getTime()) throw new BadRequestError(adminDetails.auditRangeEmpty);
  return {
    ...(from ? { from: from.toISOString() } : {}),
    ...(to ? { to: to.toISOString() } : {}),
    ...(query.user?.trim() ? { user: query.user.trim() } : {}),
    ...(query.action ? { action: query.action } : {}),
  };
}

/**
 * An entry as the reader may see it. One about a confidential client whose team they are not on keeps when, who
 * and what kind of action, and names its target "a confidential client": no id, title or detail (names, titles,
 * comment excerpts). A report's entry written before entries named their client is treated as such an entry for
 * any reader outside some confidential client's team, until the migration names it (scripts/migrate-audit-clients.ts).
 */
export function entryFor(row: AuditLogRow, hidden: ReadonlySet<string>): AuditEntry {
  const concealed = row.client !== undefined ? hidden.has(row.client) : row.home === 'report' && hidden.size > 0;
  if (!concealed) return row.entry;
  return { ...row.entry, target: { kind: row.entry.target.kind, id: '', title: adminDetails.confidentialClient }, detail: '' };
}

async function page(filter: AuditLogFilter, limit: number, cursor: string | undefined, budget: number, hidden: ReadonlySet<string>) {
  try {
    const found = await listAuditLog(filter, limit, cursor, budget);
    return { items: found.items.map((row) => entryFor(row, hidden)), next_cursor: found.next_cursor };
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new BadRequestError(systemDetails.invalidCursor);
    throw error;
  }
}

/** GET /api/admin/audit */
export async function firmAuditLog(caller: string, query: AuditLogQuery, scope: Pick<ListingScope, 'hidden'>) {
  await assertAdmin(caller);
  const filter = auditFilter(query);
  logger.security('admin.action', { action: 'audit.list', filter });
  return page(filter, Math.min(100, Math.max(1, query.limit ?? 50)), query.cursor, AUDIT_PAGE_BUDGET, new Set(scope.hidden));
}

/** GET /api/admin/audit.csv: the entries the filters select, newest first, at most AUDIT_CSV_MAX_ROWS. */
export async function firmAuditCsv(caller: string, query: AuditLogCsvQuery, scope: Pick<ListingScope, 'hidden'>): Promise<{ csv: string; rows: number; truncated: boolean }> {
  await assertAdmin(caller);
  const hidden = new Set(scope.hidden);
  const filter = auditFilter(query);
  const entries: AuditEntry[] = [];
  let cursor: string | undefined;
  let spent = 0;
  do {
    const budget = Math.min(AUDIT_PAGE_BUDGET, AUDIT_CSV_BUDGET - spent);
    const next = await page(filter, Math.min(AUDIT_PAGE_BUDGET, AUDIT_CSV_MAX_ROWS - entries.length), cursor, budget, hidden);
    entries.push(...next.items);
    spent += budget;
    cursor = next.next_cursor ?? undefined;
  } while (cursor && entries.length < AUDIT_CSV_MAX_ROWS && spent < AUDIT_CSV_BUDGET);
  logger.security('admin.action', { action: 'audit.export', filter, rows: entries.length });
  return { csv: auditCsv(entries), rows: entries.length, truncated: Boolean(cursor) };
}
