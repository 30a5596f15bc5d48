/**
 * A Final report is read-only: every write of what a report holds (its sections, visuals, evidence, wizard steps,
 * accepted drafts, the brand set from it) carries this condition on the report's item in its own transaction, so
 * a change and the report becoming Final are ordered by DynamoDB and never both land. A repository whose write
 * met it throws ReportFinalError (nothing was written); the domain answers 409 (functions/domain/access/final-lock.ts).
 */
import { keys } from './keys';
import { tableName } from './table';
import { getItem, type TransactItem } from './table-ops';

const FINAL = 'Final';

/** A transaction item that holds only while the report exists and is not Final. */
export function reportOpenCheck(reportId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.report(reportId),
      ConditionExpression: 'attribute_exists(PK) AND #status <> :final',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':final': FINAL },
    },
  };
}

/** The write met a Final report (or one deleted meanwhile): nothing was written. */
export class ReportFinalError extends Error {
  constructor(readonly reportId: string) {
    super('report is final');
    this.name = 'ReportFinalError';
  }
}

/** Whether the report is Final now (false when it is not, or does not exist): a strongly consistent read of its status. */
export async function reportIsFinal(reportId: string): Promise<boolean> {
  const item = await getItem(keys.report(reportId), { consistent: true, fields: ['status'] });
  return item?.status === FINAL;
}
