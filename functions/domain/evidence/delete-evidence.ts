import { details } from '@shared/messages';
import { isPlaceholder } from '@shared/domain/placeholder';
import { putAudit } from '../../data/audit-repo';
import { deleteEvidenceRecord, getEvidence, putEvidenceTombstone } from '../../data/evidence-repo';
import { keys } from '../../data/keys';
import { deletePrefix } from '../../data/object-store';
import { NotFoundError } from '../../lib/errors';

/**
 * Deletes the item's files (original and stored text) first, then the record: never a record without its
 * files gone. Its title stays behind (a tombstone), so citations of it read as broken and still name their
 * source instead of pointing at nothing.
 */
export async function deleteReportEvidence(ref: string, id: string, by: string) {
  const record = await getEvidence(ref, id);
  if (!record) throw new NotFoundError(details.evidenceNotFound);
  const now = new Date().toISOString();
  if (!isPlaceholder(ref)) await putEvidenceTombstone(ref, record.id, record.title, now);
  await deletePrefix(keys.evidenceObjectPrefix(ref, id));
  await deleteEvidenceRecord(ref, id);
  // a report's evidence deletions join its audit log (a placeholder's, before any report exists, do not)
  if (!isPlaceholder(ref)) {
    await putAudit({
      action: 'evidence.delete',
      target: { kind: 'evidence', id: record.id, title: record.title },
      user: by,
      detail: `${record.type} evidence deleted, with its files`,
      at: now,
      under: { kind: 'report', id: ref },
    });
  }
  return { success: true as const };
}
