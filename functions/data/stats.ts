/**
 * Firm-wide totals, kept in step with every write that changes them (inside the same transaction),
 * so no list ever needs a Scan to count. See keys.reportStatsInIndex for why they also carry index keys.
 */
import type { ReportStatus } from '@shared/domain/options';
import type { ReportCounts } from '@shared/schemas/reports';
import { keys, statusCounter } from './keys';
import { placeholders, tableName } from './table';

type Delta = Partial<Record<'total' | ReportStatus, number>>;

function statsUpdate(key: Record<string, string>, indexKeys: Record<string, string>, delta: Record<string, number>) {
  const { pairs, names, values } = placeholders(Object.fromEntries(Object.entries(delta).filter(([, v]) => v !== 0)), 'a');
  const adds = pairs.map(([name, value]) => `${name} ${value}`);
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: `SET GSI1PK = :gpk, GSI1SK = :gsk${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
      ...(adds.length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: { ':gpk': indexKeys.GSI1PK, ':gsk': indexKeys.GSI1SK, ...values },
    },
  };
}

/** A transaction item that adds `delta` to the report totals. */
export function reportStatsUpdate(delta: Delta) {
  const attrs: Record<string, number> = {};
  for (const [k, v] of Object.entries(delta)) attrs[k === 'total' ? 'total' : statusCounter[k as ReportStatus]] = v;
  return statsUpdate(keys.reportStats(), keys.reportStatsInIndex(), attrs);
}

/** A transaction item that adds `delta` to the organization total. */
export function organizationStatsUpdate(delta: number) {
  return statsUpdate(keys.organizationStats(), keys.organizationStatsInIndex(), { total: delta });
}

export function isStatsItem(item: Record<string, unknown>): boolean {
  return item.PK === 'STATS';
}

export function toReportCounts(item: Record<string, unknown> | undefined): ReportCounts {
  return {
    total: Number(item?.total ?? 0),
    Draft: Number(item?.[statusCounter.Draft] ?? 0),
    'In Review': Number(item?.[statusCounter['In Review']] ?? 0),
    Final: Number(item?.[statusCounter.Final] ?? 0),
  };
}
