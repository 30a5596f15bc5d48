/**
 * How conflicts between sources were resolved: one item per conflict under the report, written
 * with its audit entry in one transaction. The conflicts themselves are found in the evidence, not stored.
 */
import type { ConflictResolution } from '@shared/schemas/ask';
import { auditPut, type NewAuditEntry } from './audit-repo';
import { keys } from './keys';
import { tableName } from './table';
import { queryAll } from './table-query';
import { transact } from './table-ops';

const FIELDS = ['conflict_id', 'choice', 'evidence_id', 'note', 'by', 'at'] as const;

/** conflict id → its resolution. */
export async function listConflictResolutions(reportId: string): Promise<Map<string, ConflictResolution>> {
  const items = await queryAll(keys.reportPartition(reportId), keys.conflictResolutionSkPrefix, { fields: [...FIELDS] });
  const out = new Map<string, ConflictResolution>();
  for (const i of items) {
    out.set(String(i.conflict_id), {
      choice: i.choice === 'source' ? 'source' : 'explained',
      ...(typeof i.evidence_id === 'string' ? { evidence_id: i.evidence_id } : {}),
      ...(typeof i.note === 'string' ? { note: i.note } : {}),
      by: String(i.by),
      at: String(i.at),
    });
  }
  return out;
}

/** Stores (or replaces) a conflict's resolution, and its audit entry, together. */
export async function putConflictResolution(reportId: string, conflictId: string, resolution: ConflictResolution, audit: NewAuditEntry): Promise<void> {
  await transact([
    { Put: { TableName: tableName, Item: { ...keys.conflictResolution(reportId, conflictId), entity: 'ConflictResolution', conflict_id: conflictId, ...resolution } } },
    auditPut(audit),
  ]);
}
