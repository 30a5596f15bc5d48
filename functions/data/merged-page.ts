/**
 * One page of a list kept in several index partitions with the same sort key: the open list (`REPORTS`,
 * `ORGS`) and the partitions of the caller's confidential clients (keys.reportListing, keys.organizationListing).
 * Each partition is read from the cursor on, at most a page each, and the rows are merged by sort key. The
 * reads per page are one per partition: the open list plus the caller's own confidential clients, whatever
 * the number of confidential clients or of their reports ("the dashboard stays O(1) reads per page").
 *
 * The cursor is the last row's sort key (spelt as the list's own cursor fields), so it resumes every partition
 * at once. A partition that stopped at its limit bounds the page: nothing beyond its last row read is shown
 * (a row it did not read could sort before one another partition gave), and the next page starts there.
 *
 * Partitions known to hold nothing newer than some sort key (`bounded`, newest-first lists) are read only when
 * the page could reach them: after the others, and only when these did not fill the page with rows that sort
 * before all of theirs. A page that left one out ends at its own last row, so the next page reads it again.
 */
import { mergeWithBounded, type MergedPage, type PartitionRead } from './merge-reads';
import { keyNames, queryRange, type IndexName } from './table-query';

type Item = Record<string, unknown>;
export type { MergedPage };

export interface MergedQuery {
  /** the index whose partitions hold the list (its sort key orders the rows) */
  index: IndexName;
  /** the partitions to merge; the first is the open list */
  partitions: readonly string[];
  /**
   * reads of rows found another way (by key), merged as partitions are; made after the partitions' (given their
   * reads, in the order of `partitions`), so that it reads only rows that can still reach the page
   */
  also?: (reads: readonly PartitionRead[]) => Promise<PartitionRead[]>;
  limit: number;
  newestFirst: boolean;
  /** the sort key the previous page ended at (exclusive), or undefined for the first page */
  after?: string;
  /** rows that are not list items (the totals kept in the open list) */
  aside?: (row: Item) => boolean;
  /** rows to leave out (a safety net for rows not yet moved to their own partition) */
  exclude?: (row: Item) => boolean;
  fields?: readonly string[];
  /**
   * more partitions, each with a sort key none of its rows sorts above (`maxSk`; newest-first lists only): read
   * after the others, and only those that can reach the page they made
   */
  bounded?: readonly { pk: string; maxSk: string }[];
}

export async function mergedPage(query: MergedQuery): Promise<MergedPage> {
  const q = { ...query, skName: keyNames(query.index).sk };
  // (an oldest-first list reads them all with the others)
  const bounded = q.newestFirst ? (q.bounded ?? []) : [];
  const first = q.newestFirst ? q.partitions : [...q.partitions, ...(q.bounded ?? []).map((b) => b.pk)];
  const reads = await queryPartitions(q, first);
  const also = q.also ? await q.also(reads) : [];
  return mergeWithBounded([...reads, ...also], bounded, (pks) => queryPartitions(q, pks), q);
}

function queryPartitions(q: MergedQuery & { skName: string }, partitions: readonly string[]): Promise<PartitionRead[]> {
  return Promise.all(
    partitions.map(async (pk) => {
      const out = await queryRange({
        index: q.index,
        pk,
        ...(q.after !== undefined ? { sk: { op: q.newestFirst ? '<' : '>', value: q.after } } : {}),
        fields: q.fields ? [...new Set([...q.fields, q.skName])] : undefined,
        newestFirst: q.newestFirst,
        // the first page of the open list also holds its totals
        limit: q.limit + (q.aside && q.after === undefined ? 1 : 0),
      });
      const rows = out.items;
      return { rows, cut: out.lastKey ? rows[rows.length - 1] : undefined };
    }),
  );
}
