/**
 * The security rules that are pure: the limits' windows, which addresses are the harness's own, the local gateway's Host
 * check, when an export slot is free again, the audit log's time filters and its CSV (formula-safe).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AUDIT_CSV_COLUMNS, type AuditEntry } from '@shared/schemas/audit';
import { EXPORT_STALE_SECONDS } from '@shared/api/workers';
import { hostAllowed } from '../../infra/local/gateway';
import { auditCsv, csvField } from '../../functions/domain/audit/csv';
import { uuidv7, uuidv7Time } from '../../functions/lib/uuidv7';
import { COLD_START_ENV } from '../helpers/cold-start-env';

let limits: typeof import('../../functions/domain/limits/limits');
let auditLog: typeof import('../../functions/domain/audit/audit-log');
let exportsDomain: typeof import('../../functions/domain/exports/exports');

beforeAll(async () => {
  for (const [k, v] of Object.entries(COLD_START_ENV)) vi.stubEnv(k, v);
  limits = await import('../../functions/domain/limits/limits');
  auditLog = await import('../../functions/domain/audit/audit-log');
  exportsDomain = await import('../../functions/domain/exports/exports');
});

describe('limits per person', () => {
  it('count a request past the limit, and say how long is left of the window (never 0)', () => {
    expect(limits.overLimit(60, 60)).toBe(false);
    expect(limits.overLimit(61, 60)).toBe(true);
    expect(limits.secondsLeftInWindow(1_700_000_000, 60)).toBe(40); // 1,700,000,000 % 60 = 20
    expect(limits.secondsLeftInWindow(1_700_000_040, 60)).toBe(60);
    expect(limits.secondsLeftInWindow(1_700_000_039, 60)).toBe(1);
  });

  it('leave the harness’s own loopback out of the per-address limit, and nothing else', () => {
    for (const a of ['127.0.0.1', '127.5.6.7', '::1', '::ffff:127.0.0.1']) expect(limits.isLoopback(a), a).toBe(true);
    for (const a of ['203.0.113.9', '10.0.0.1', '::ffff:10.0.0.1', 'unknown', '', '127.0.0.1.evil', '1127.0.0.1']) expect(limits.isLoopback(a), a).toBe(false);
  });
});

describe('the local gateway’s Host check (DNS rebinding)', () => {
  it('takes a loopback name on one of its ports', () => {
    for (const host of ['127.0.0.1:8710', 'localhost:8710', 'LocalHost:8710', '[::1]:8710', '127.0.0.1:5173']) expect(hostAllowed(host, [8710, 5173]), host).toBe(true);
  });
  it('refuses any other name, another port, or no Host at all', () => {
    for (const host of ['rebind.example:8710', 'rebind.example', '127.0.0.1.rebind.example:8710', 'localhost.evil:8710', '127.0.0.1:8711', '127.0.0.1', 'localhost:8710:1', '[::2]:8710', '', undefined]) {
      expect(hostAllowed(host, [8710]), String(host)).toBe(false);
    }
  });
});

describe('export slots', () => {
  it('free a slot once its export began longer ago than its worker can run', () => {
    const now = Date.now();
    expect(uuidv7Time(uuidv7(now - 5000))).toBe(now - 5000);
    expect(exportsDomain.slotIsStale(uuidv7(now - 5000), now)).toBe(false);
    expect(exportsDomain.slotIsStale(uuidv7(now - EXPORT_STALE_SECONDS * 1000 - 1), now)).toBe(true);
    expect(exportsDomain.slotIsStale('not-an-id', now)).toBe(true);
  });
});

describe('the firm-wide audit log', () => {
  it('reads a date "from" as its first moment and a date "to" as the end of that day', () => {
    expect(auditLog.auditFilter({ from: '2026-03-01', to: '2026-03-02' })).toEqual({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-03T00:00:00.000Z' });
    expect(auditLog.auditFilter({ from: '2026-03-01T09:30:00Z', user: ' ann ', action: 'user.signin' })).toEqual({ from: '2026-03-01T09:30:00.000Z', user: 'ann', action: 'user.signin' });
    expect(() => auditLog.auditFilter({ from: '2026-03-02', to: '2026-03-01' })).toThrow('from must be before to');
  });

  it('exports CSV with every field quoted, quotes doubled, and formulas defused', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    for (const f of ['=HYPERLINK("http://evil")', '+1', '-1+2', '@SUM(A1)', '\tx']) expect(csvField(f).startsWith(`"'`), f).toBe(true);
    const entry: AuditEntry = { id: 'e1', at: '2026-03-01T09:30:00.000Z', user: 'ann', action: 'evidence.delete', target: { kind: 'evidence', id: 'x', title: '=cmd|"/c calc"!A1' }, detail: 'line one\nline two' };
    const csv = auditCsv([entry]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(AUDIT_CSV_COLUMNS.map((c) => `"${c}"`).join(','));
    expect(row).toBe('"2026-03-01T09:30:00.000Z","ann","evidence.delete","evidence","x","\'=cmd|""/c calc""!A1","line one\nline two"');
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
