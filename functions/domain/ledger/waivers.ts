/** A lead's waiver of one unsupported or disagreeing figure, with a reason, kept with its audit entry. */
import { ledgerCounts } from '@shared/domain/ledger/ledger';
import { ledgerDetails } from '@shared/messages/ledger';
import type { WaiverBody } from '@shared/schemas/ledger';
import { putWaiver } from '../../data/ledger-repo';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { can } from '../access/policy';
import { figureWaived } from '../audit/change-entries';
import { currentLedger } from './ledger';

export async function waiveFigure({ report, client }: ReportInContext, body: WaiverBody, by: string) {
  if (!can(client.role, 'override_final', client)) throw new ForbiddenError(ledgerDetails.waiverLeadOnly);
  const { stored, entries, disagreements } = await currentLedger(report.id);
  const entry = entries.find((e) => e.id === body.figure_id && e.support === 'unsupported');
  const disagreement = disagreements.find((d) => d.id === body.figure_id);
  if (!entry && !disagreement) throw new NotFoundError(ledgerDetails.waiverUnknown);
  const at = new Date().toISOString();
  const waiver = { id: body.figure_id, reason: body.reason.trim(), by, at };
  const what = entry ? `“${entry.text}” in “${entry.excerpt}”` : disagreement!.detail;
  if (!(await putWaiver(report.id, waiver, figureWaived(report, what, waiver.reason, by, at)))) throw new ConflictError(ledgerDetails.waiverExists);
  return { success: true as const, waiver, counts: ledgerCounts(entries, disagreements, [...stored.waivers, waiver]) };
}
