/**
 * POST /api/reports/{id}/ask/placements: an answer added to a section (or a wizard step) is recorded in
 * provenance, as a record that points at the answer's own (its provider, model and evidence), so the
 * section's text can be traced to the question that produced it.
 */
import { details } from '@shared/messages';
import { ask as t } from '@shared/messages/ask';
import type { AskPlacementBody } from '@shared/schemas/ask';
import { listProvenance } from '../../data/provenance-repo';
import { getReport } from '../../data/reports-repo';
import { NotFoundError } from '../../lib/errors';
import { recordProvenance } from '../ai/provenance';

/** Pages of provenance read to find the answer (it was made minutes ago: the first page holds it). */
const PAGES = 3;

export async function recordPlacement(reportId: string, body: AskPlacementBody, user: string): Promise<{ success: true; provenance_id: string }> {
  if (!(await getReport(reportId))) throw new NotFoundError(details.reportNotFound);
  let cursor: string | undefined;
  for (let page = 0; page < PAGES; page++) {
    const { items, next_cursor } = await listProvenance(reportId, 100, cursor);
    const answer = items.find((r) => r.id === body.provenance_id && r.kind === 'ask');
    if (answer) {
      const record = await recordProvenance({
        reportId,
        kind: `ask:${body.target}`,
        provider: answer.provider,
        model: answer.model,
        prompt: answer.id,
        evidenceIds: answer.evidence_ids,
        user,
        produced: answer.produced,
      });
      return { success: true, provenance_id: record.id };
    }
    if (!next_cursor) break;
    cursor = next_cursor;
  }
  throw new NotFoundError(t.answerNotFound);
}
