/** Every AI call leaves a provenance record: provider, model, a hash of the prompt, the evidence it was given, who and when. */
import { createHash, randomUUID } from 'node:crypto';
import type { ProvenanceRecord } from '@shared/schemas/report-document';
import { listProvenance, putProvenance } from '../../../data/provenance-repo';
import { InvalidCursorError } from '../../../data/cursor';
import { systemDetails } from '@shared/messages/system';
import { BadRequestError } from '../../../lib/errors';
import type { ReportInContext } from '../../../lib/middleware/types';

export interface ProvenanceInput {
  reportId: string;
  /** `draft:findings`, `enhance:findings`, `context`, … */
  kind: string;
  provider: string;
  model: string;
  /** the prompt as sent (or, for the local provider, its input), hashed here */
  prompt: string;
  evidenceIds: readonly string[];
  user: string;
  produced: number;
  citationsDropped?: number;
  usage?: ProvenanceRecord['usage'];
  flagged?: ProvenanceRecord['flagged_claims'];
  scope?: ProvenanceRecord['scope'];
  takenEvidenceIds?: readonly string[];
}

const promptHash = (prompt: string) => createHash('sha256').update(prompt).digest('hex');

export async function recordProvenance(input: ProvenanceInput): Promise<ProvenanceRecord> {
  const record: ProvenanceRecord = {
    id: randomUUID(),
    report_id: input.reportId,
    kind: input.kind,
    provider: input.provider,
    model: input.model,
    prompt_hash: promptHash(input.prompt),
    evidence_ids: [...new Set(input.evidenceIds)],
    user: input.user,
    at: new Date().toISOString(),
    produced: input.produced,
    citations_dropped: input.citationsDropped ?? 0,
    ...(input.usage ? { usage: input.usage } : {}),
    ...(input.flagged?.length ? { flagged_claims: input.flagged.slice(0, 50) } : {}),
    ...(input.scope ? { scope: input.scope } : {}),
    ...(input.takenEvidenceIds?.length ? { taken_evidence_ids: [...new Set(input.takenEvidenceIds)] } : {}),
  };
  await putProvenance(record);
  return record;
}

export async function reportProvenance({ report }: ReportInContext, query: { limit?: number; cursor?: string }) {
  const reportId = report.id;
  const limit = Math.min(100, Math.max(1, query.limit ?? 50));
  try {
    return await listProvenance(reportId, limit, query.cursor);
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new BadRequestError(systemDetails.invalidCursor);
    throw error;
  }
}
