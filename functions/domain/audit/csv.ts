/**
 * The audit log as CSV (RFC 4180): every field quoted, quotes doubled, one CRLF per row. A field that a
 * spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return) gets a leading
 * apostrophe, so opening the export never runs anything someone typed into a title (CSV injection).
 */
import { AUDIT_CSV_COLUMNS, type AuditEntry } from '@shared/schemas/audit';

export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

function auditCsvRow(entry: AuditEntry): string {
  const row: Record<(typeof AUDIT_CSV_COLUMNS)[number], string> = {
    at: entry.at,
    user: entry.user,
    action: entry.action,
    target_kind: entry.target.kind,
    target_id: entry.target.id,
    target_title: entry.target.title,
    detail: entry.detail,
  };
  return AUDIT_CSV_COLUMNS.map((c) => csvField(row[c] ?? '')).join(',');
}

const auditCsvHeader = (): string => AUDIT_CSV_COLUMNS.map(csvField).join(',');

export function auditCsv(entries: readonly AuditEntry[]): string {
  return [auditCsvHeader(), ...entries.map(auditCsvRow)].map((line) => `${line}\r\n`).join('');
}
