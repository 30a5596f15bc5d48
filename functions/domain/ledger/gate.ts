/**
 * Final's gate on figures: every figure supported and none disagreeing, or each one waived by a lead. Its own
 * module, called by the status change beside the review gate. Every section's part is checked against the
 * section's version first, and computed when missing or older: Final never passes on a stale part, nor while a
 * part is still to be computed (the work of one request is bounded; the next request goes on with it).
 */
import { ledgerDetails } from '@shared/messages/ledger';
import type { Report } from '@shared/schemas/reports';
import { ConflictError } from '../../lib/errors';
import { blockingLabels, currentLedger } from './ledger';

/** The figures a refusal names; the rest are counted. */
const NAMED = 5;

/** Throws 409 naming the figures that keep the report from Final. */
export async function assertLedgerAllowsFinal(report: Pick<Report, 'id'>): Promise<void> {
  const ledger = await currentLedger(report.id, { complete: true });
  if (ledger.pending.length) throw new ConflictError(ledgerDetails.finalFiguresPending);
  if (!ledger.joined.counts.blocking) return;
  const { labels, total } = await blockingLabels(report.id, ledger, NAMED);
  throw new ConflictError(ledgerDetails.finalNeedsFigures(labels, total));
}
