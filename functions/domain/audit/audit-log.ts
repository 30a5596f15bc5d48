/**
 * The firm-wide audit log for administrators: every entry by time (sign-ins, deactivations, exports, evidence
 * deletions, report and organization changes), filtered by time, user and action, a page at a time or as CSV.
 * Reads are bounded: a page reads at most AUDIT_PAGE_BUDGET entries, a CSV export at most AUDIT_CSV_MAX_ROWS rows.
 */
import { adminDetails } from '@shared/messages/admin';
import { systemDetails } from '@shared/messages/system';
import { AUDIT_CSV_MAX_ROWS, type AuditEntry, type AuditLogCsvQuery, type AuditLogQuery } from '@shared/schemas/audit';
import { listAuditLog, type AuditLogFilter } from '../../data/audit-repo';
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

async function page(filter: AuditLogFilter, limit: number, cursor: string | undefined, budget: number) {
  try {
    return await listAuditLog(filter, limit, cursor, budget);
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new BadRequestError(systemDetails.invalidCursor);
    throw error;
  }
}

/** GET /api/admin/audit */
export async function firmAuditLog(caller: string, query: AuditLogQuery) {
  await assertAdmin(caller);
  const filter = auditFilter(query);
  logger.security('admin.action', { action: 'audit.list', filter });
  return page(filter, Math.min(100, Math.max(1, query.limit ?? 50)), query.cursor, AUDIT_PAGE_BUDGET);
}

/** GET /api/admin/audit.csv: the entries the filters select, newest first, at most AUDIT_CSV_MAX_ROWS. */
export async function firmAuditCsv(caller: string, query: AuditLogCsvQuery): Promise<{ csv: string; rows: number; truncated: boolean }> {
  await assertAdmin(caller);
  const filter = auditFilter(query);
  const entries: AuditEntry[] = [];
  let cursor: string | undefined;
  let spent = 0;
  do {
    const budget = Math.min(AUDIT_PAGE_BUDGET, AUDIT_CSV_BUDGET - spent);
    const next = await page(filter, Math.min(AUDIT_PAGE_BUDGET, AUDIT_CSV_MAX_ROWS - entries.length), cursor, budget);
    entries.push(...next.items);
    spent += budget;
    cursor = next.next_cursor ?? undefined;
  } while (cursor && entries.length < AUDIT_CSV_MAX_ROWS && spent < AUDIT_CSV_BUDGET);
  logger.security('admin.action', { action: 'audit.export', filter, rows: entries.length });
  return { csv: auditCsv(entries), rows: entries.length, truncated: Boolean(cursor) };
}
