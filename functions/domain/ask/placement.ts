/**
 * POST /api/reports/{id}/ask/placements: an answer added to a section (or a wizard step) is recorded in
 * provenance, as a record that points at the answer's own (its provider, model and evidence), so the
 * section's text can be traced to the question that produced it.
 *
 * A client-scope answer may cite items of the client's library the report does not use: they are taken into
 * the report first (a reference, as "Take from the client library" does; never a copy), so the section's
 * citations verify when it is saved, and the placement's record names them (`taken_evidence_ids`). The SPA
 * calls this twice for such an answer: stage `take` before it saves the section (nothing is recorded), then
 * stage `record` once the save went through, naming what the first call took.
 */
import { MAX_EVIDENCE_PER_REPORT } from '@shared/constants';
import { evidenceDetails } from '@shared/messages/evidence';
import { ask as t } from '@shared/messages/ask';
import type { AskPlacementBody, AskPlacementResponse } from '@shared/schemas/ask';
import { addReference, referencesOf } from '../../data/evidence-repo';
import { listProvenance } from '../../data/provenance-repo';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { whileOpen } from '../access/final-lock';
import { recordProvenance } from '../ai';

/** Pages of provenance read to find the answer (it was made minutes ago: the first page holds it). */
const PAGES = 3;

/** Takes the cited items the report does not use into it (a client-scope answer's); their ids, and what the report uses after. */
async function takeCited(reportId: string, organizationId: string, evidenceIds: readonly string[], user: string): Promise<{ taken: string[]; inReport: Set<string> }> {
  const inReport = new Set((await referencesOf(reportId)).map((r) => r.id));
  const taken: string[] = [];
  for (const id of evidenceIds.filter((e) => !inReport.has(e))) {
    const outcome = await whileOpen(() => addReference(reportId, organizationId, id, user, MAX_EVIDENCE_PER_REPORT));
    if (outcome === 'missing') throw new NotFoundError(t.citedItemGone);
    if (outcome === 'full') throw new ConflictError(evidenceDetails.evidenceFull(MAX_EVIDENCE_PER_REPORT));
    if (outcome === 'added') taken.push(id);
    inReport.add(id);
  }
  return { taken, inReport };
}

export async function recordPlacement({ report }: ReportInContext, body: AskPlacementBody, user: string): Promise<AskPlacementResponse> {
  const reportId = report.id;
  let cursor: string | undefined;
  for (let page = 0; page < PAGES; page++) {
    const { items, next_cursor } = await listProvenance(reportId, 100, cursor);
    const answer = items.find((r) => r.id === body.provenance_id && r.kind === 'ask');
    if (answer) {
      const { taken, inReport } =
        answer.scope === 'client' ? await takeCited(reportId, report.organization_id, answer.evidence_ids, user) : { taken: [], inReport: new Set<string>() };
      // the SPA takes a client-scope answer's items in first, saves the section, and records the placement only
      // then: a save that fails leaves no record of a placement that did not happen
      if (body.stage === 'take') return { success: true, provenance_id: answer.id, recorded: false, taken };
      const cited = new Set(answer.evidence_ids);
      const earlier = body.taken_evidence_ids ?? [];
      const wrong = earlier.find((id) => !cited.has(id) || !inReport.has(id));
      if (wrong) throw new BadRequestError(t.takenNotCited(wrong));
      const named = [...new Set([...earlier, ...taken])];
      const record = await recordProvenance({
        reportId,
        kind: `ask:${body.target}`,
        provider: answer.provider,
        model: answer.model,
        prompt: answer.id,
        evidenceIds: answer.evidence_ids,
        user,
        produced: answer.produced,
        scope: answer.scope,
        takenEvidenceIds: named,
      });
      return { success: true, provenance_id: record.id, recorded: true, taken: named };
    }
    if (!next_cursor) break;
    cursor = next_cursor;
  }
  throw new NotFoundError(t.answerNotFound);
}
