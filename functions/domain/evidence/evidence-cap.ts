/**
 * A report holds at most MAX_EVIDENCE_PER_REPORT evidence items, so its library, its searches and the citation
 * checks stay bounded. Checked before any work (a cheap read), and again atomically when an item is stored; so is
 * that the report is not Final (a Final report takes no evidence: functions/domain/access/final-lock.ts).
 */
import { MAX_EVIDENCE_PER_REPORT } from '@shared/constants';
import { isPlaceholder } from '@shared/domain/placeholder';
import { reportsDetails } from '@shared/messages/reports';
import { evidenceDetails } from '@shared/messages/evidence';
import { EvidenceFullError, evidenceCount, putEvidence, type EvidenceRecord } from '../../data/evidence-repo';
import { reportIsFinal } from '../../data/report-lock-repo';
import { PlaceholderTakenError } from '../../data/placeholders-repo';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { uuidv7 } from '../../lib/uuidv7';
import { whileOpen } from '../access/final-lock';

/** 409 with a detail when the report is Final, or the report (or placeholder) is at the cap. */
export async function assertEvidenceRoom(ref: string): Promise<void> {
  const [count, final] = await Promise.all([evidenceCount(ref), isPlaceholder(ref) ? false : reportIsFinal(ref)]);
  if (final) throw new ConflictError(reportsDetails.reportFinal);
  if (count >= MAX_EVIDENCE_PER_REPORT) throw new ConflictError(evidenceDetails.evidenceFull(MAX_EVIDENCE_PER_REPORT));
}

/**
 * Stores a new item, counted under the cap in one transaction; at the cap, or into a Final report, a 409 with the
 * detail. Under a placeholder someone else created (filed their first item between the access check and this), the
 * answer of one that does not exist.
 */
export async function putNewEvidence(record: Parameters<typeof putEvidence>[0]): Promise<EvidenceRecord> {
  try {
    return await whileOpen(() => putEvidence(record, MAX_EVIDENCE_PER_REPORT));
  } catch (error) {
    if (error instanceof EvidenceFullError) throw new ConflictError(evidenceDetails.evidenceFull(MAX_EVIDENCE_PER_REPORT));
    if (error instanceof PlaceholderTakenError) throw new NotFoundError(reportsDetails.reportNotFound);
    throw error;
  }
}

/** A new evidence item's id: UUIDv7, so a report's items list (in key order) in the order they were added. */
export const newEvidenceId = (): string => uuidv7();
