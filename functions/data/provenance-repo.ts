/** AI provenance records: one item per AI call, under the report (DESIGN.md "History and provenance"). */
import type { ProvenanceRecord } from '@shared/schemas/report-document';
import { keys } from './keys';
import { putItem, queryPage } from './table-ops';

const FIELDS = ['id', 'report_id', 'kind', 'provider', 'model', 'prompt_hash', 'evidence_ids', 'user', 'at', 'produced', 'citations_dropped', 'usage', 'flagged_claims', 'scope', 'taken_evidence_ids'] as const;

export async function putProvenance(record: ProvenanceRecord): Promise<void> {
  await putItem({ ...keys.provenance(record.report_id, record.at, record.id), entity: 'Provenance', ...record });
}

/** A page of a report's provenance records, newest first. */
export async function listProvenance(reportId: string, limit: number, cursor?: string): Promise<{ items: ProvenanceRecord[]; next_cursor: string | null }> {
  const page = await queryPage({ pk: keys.reportPartition(reportId), skPrefix: keys.provenanceSkPrefix, newestFirst: true, limit, cursor });
  return { items: page.items.map((i) => Object.fromEntries(FIELDS.filter((f) => i[f] !== undefined).map((f) => [f, i[f]])) as ProvenanceRecord), next_cursor: page.next_cursor };
}
