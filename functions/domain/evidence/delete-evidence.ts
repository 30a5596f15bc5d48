import { evidenceDetails } from '@shared/messages/evidence';
import { isPlaceholder } from '@shared/domain/placeholder';
import { libraryDetails } from '@shared/messages/library';
import { putAudit } from '../../data/audit-repo';
import { deleteEvidenceRecord, deleteLibraryRecord, getEvidence, listClientReferences, type EvidenceRecord } from '../../data/evidence-repo';
import { keys } from '../../data/keys';
import { deletePrefix } from '../../data/object-store';
import { NotFoundError } from '../../lib/errors';
import { whileOpen } from '../access/final-lock';

/**
 * DELETE /api/reports/{id}/evidence/{evidence_id}. A placeholder's item: its files first, then the record, never a
 * record without its files gone. A report's item: see removeFromReport (its title stays behind as a tombstone,
 * so citations of it read as broken and still name their source instead of pointing at nothing).
 */
export async function deleteReportEvidence(ref: string, id: string, by: string) {
  if (!isPlaceholder(ref)) {
    await removeFromReport(ref, id, by, { tombstone: true });
    return { success: true as const };
  }
  const record = await getEvidence(ref, id);
  if (!record) throw new NotFoundError(evidenceDetails.evidenceNotFound);
  await deletePrefix(keys.evidenceObjectPrefix(ref, id));
  await deleteEvidenceRecord(ref, id);
  return { success: true as const };
}

/**
 * Takes an item out of a report that is not Final: its reference goes (a tombstone keeps its title for the report's
 * citations, unless told otherwise); the library item goes too, with its files, when no other report uses it, so deleting a
 * report's only use of its upload deletes the upload as before the library.
 */
export async function removeFromReport(reportId: string, id: string, by: string, opts: { tombstone: boolean }): Promise<EvidenceRecord> {
  const record = await getEvidence(reportId, id);
  if (!record?.organization_id) throw new NotFoundError(evidenceDetails.evidenceNotFound);
  const now = new Date().toISOString();
  // the reference goes (with its tombstone) only while the report is not Final
  await whileOpen(() => deleteEvidenceRecord(reportId, record.id, { whileOpen: true, ...(opts.tombstone ? { tombstone: { title: record.title, now } } : {}) }));
  const others = await listClientReferences(record.organization_id, record.id);
  if (!others.some((r) => r.report_id !== reportId)) await deleteItemAndFiles(record.organization_id, record.id);
  await putAudit({
    action: 'evidence.delete',
    target: { kind: 'evidence', id: record.id, title: record.title },
    user: by,
    detail: others.some((r) => r.report_id !== reportId) ? libraryDetails.auditTakenOut(record.type) : `${record.type} evidence deleted, with its files`,
    at: now,
    under: { kind: 'report', id: reportId },
    client: record.organization_id,
  });
  return record;
}

/** A library item's files, then the item (the references to it are gone or going). */
export async function deleteItemAndFiles(orgId: string, id: string): Promise<void> {
  await deletePrefix(keys.libraryObjectPrefix(orgId, id));
  await deleteLibraryRecord(orgId, id);
}
