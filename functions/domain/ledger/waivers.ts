/** A lead's waiver of one unsupported or disagreeing figure, with a reason, kept with its audit entry. */
import { joinSummaries } from '@shared/domain/ledger/summary';
import { ledgerDetails } from '@shared/messages/ledger';
import type { WaiverBody } from '@shared/schemas/ledger';
import { putWaiver } from '../../data/ledger-repo';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { can } from '../access/policy';
import { figureWaived } from '../audit/change-entries';
import { currentLedger, partEntry } from './ledger';

export async function waiveFigure({ report, client }: ReportInContext, body: WaiverBody, by: string) {
  if (!can(client.role, 'override_final', client)) throw new ForbiddenError(ledgerDetails.waiverLeadOnly);
  const ledger = await currentLedger(report.id);
  const { joined, parts, stored } = ledger;
  const entry = joined.unsupported.has(body.figure_id) ? await partEntry(report.id, parts, body.figure_id) : undefined;
  const disagreement = joined.disagreements.find((d) => d.id === body.figure_id);
  if (!entry && !disagreement) throw new NotFoundError(ledgerDetails.waiverUnknown);
  const at = new Date().toISOString();
  const waiver = { id: body.figure_id, reason: body.reason.trim(), by, at };
  const what = entry ? `“${entry.text}” in “${entry.excerpt}”` : disagreement!.detail;
  if (!(await putWaiver(report.id, waiver, figureWaived(report, what, waiver.reason, by, at)))) throw new ConflictError(ledgerDetails.waiverExists);
  return { success: true as const, waiver, counts: joinSummaries(parts.map((p) => p.summary), [...stored.waivers, waiver]).counts };
}
