import { details } from '@shared/messages';
import { deleteEvidenceRecord, getEvidence } from '../../data/evidence-repo';
import { keys } from '../../data/keys';
import { deletePrefix } from '../../data/object-store';
import { NotFoundError } from '../../lib/errors';

/** Deletes the item's files (original and stored text) first, then the record: never a record without its files gone. */
export async function deleteReportEvidence(ref: string, id: string) {
  const record = await getEvidence(ref, id);
  if (!record) throw new NotFoundError(details.evidenceNotFound);
  await deletePrefix(keys.evidenceObjectPrefix(ref, id));
  await deleteEvidenceRecord(ref, id);
  return { success: true as const };
}
