/** AI provenance records: one item per AI call, under the report (DESIGN.md "History and provenance"). */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ProvenanceRecord } from '@shared/schemas/report-document';
import { decodeCursor, encodeCursor, InvalidCursorError } from './cursor';
import { keys } from './keys';
import { documentClient, tableName } from './table';

const FIELDS = ['id', 'report_id', 'kind', 'provider', 'model', 'prompt_hash', 'evidence_ids', 'user', 'at', 'produced', 'citations_dropped'] as const;

export async function putProvenance(record: ProvenanceRecord): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.provenance(record.report_id, record.at, record.id), entity: 'Provenance', ...record },
    }),
  );
}

/** A page of a report's provenance records, newest first. */
export async function listProvenance(reportId: string, limit: number, cursor?: string): Promise<{ items: ProvenanceRecord[]; next_cursor: string | null }> {
  const start = decodeCursor(cursor, ['sk'] as const);
  if (start === 'invalid' || (start && !start.sk.startsWith(keys.provenanceSkPrefix))) throw new InvalidCursorError();
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.reportPartition(reportId), ':sk': keys.provenanceSkPrefix },
      ScanIndexForward: false,
      Limit: limit,
      ...(start ? { ExclusiveStartKey: { PK: keys.reportPartition(reportId), SK: start.sk } } : {}),
    }),
  );
  const items = (out.Items ?? []).map((i) => Object.fromEntries(FIELDS.map((f) => [f, i[f]])) as ProvenanceRecord);
  const last = out.LastEvaluatedKey as { SK: string } | undefined;
  return { items, next_cursor: last ? encodeCursor({ sk: last.SK }) : null };
}
