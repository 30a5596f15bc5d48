import { details } from '@shared/messages';
import { isPlaceholder } from '@shared/domain/placeholder';
import { deleteEvidenceRecord, getEvidence, putEvidenceTombstone } from '../../data/evidence-repo';
import { keys } from '../../data/keys';
import { deletePrefix } from '../../data/object-store';
import { NotFoundError } from '../../lib/errors';

/**
 * Deletes the item's files (original and stored text) first, then the record: never a record without its
 * files gone. Its title stays behind (a tombstone), so citations of it read as broken and still name their
 * source instead of pointing at nothing.
 */
export async function deleteReportEvidence(ref: string, id: string) {
  const record = await getEvidence(ref, id);
  if (!record) throw new NotFoundError(details.evidenceNotFound);
  if (!isPlaceholder(ref)) await putEvidenceTombstone(ref, record.id, record.title, new Date().toISOString());
  await deletePrefix(keys.evidenceObjectPrefix(ref, id));
  await deleteEvidenceRecord(ref, id);
  return { success: true as const };
}
