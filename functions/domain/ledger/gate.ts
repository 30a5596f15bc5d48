/**
 * Final's gate on figures: every figure supported and none disagreeing, or each one waived by a lead. Its own
 * module, called by the status change beside the review gate.
 */
import { blockingItems } from '@shared/domain/ledger/ledger';
import { ledgerDetails } from '@shared/messages/ledger';
import type { Report } from '@shared/schemas/reports';
import { ConflictError } from '../../lib/errors';
import { currentLedger } from './ledger';

/** Throws 409 naming the figures that keep the report from Final. */
export async function assertLedgerAllowsFinal(report: Pick<Report, 'id'>): Promise<void> {
  const { stored, entries, disagreements } = await currentLedger(report.id);
  const blocking = blockingItems(entries, disagreements, stored.waivers);
  if (blocking.length) throw new ConflictError(ledgerDetails.finalNeedsFigures(blocking.map((b) => b.label)));
}
