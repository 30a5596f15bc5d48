/** The pure part of merged-page.ts: one page made of what each partition gave (unit-tested on its own). */
type Item = Record<string, unknown>;

export interface MergedPage {
  items: Item[];
  aside: Item[];
  /** the row the next page starts after (null on the last page) */
  next: Item | null;
}

export interface MergeOptions {
  skName: string;
  limit: number;
  newestFirst: boolean;
  aside?: (row: Item) => boolean;
  exclude?: (row: Item) => boolean;
}

/** What one partition gave: its rows, and its last row when it stopped at its limit (it has more). */
export interface PartitionRead {
  rows: Item[];
  cut: Item | undefined;
}

/**
 * The page made of the partitions' reads (pure): rows merged by sort key, the totals aside, the excluded
 * rows left out, nothing past the last row of a partition that has more, at most `limit` rows.
 */
export function mergeReads(reads: readonly PartitionRead[], q: MergeOptions): MergedPage {
  const sk = (row: Item) => String(row[q.skName]);
  const before = (a: string, b: string) => (q.newestFirst ? a > b : a < b); // a comes first in the list
  const isAside = (row: Item) => q.aside?.(row) ?? false;
  const aside = reads.flatMap((r) => r.rows.filter(isAside));
  // the page may not pass the last row of a partition that has more
  let bound: Item | undefined;
  for (const { cut } of reads) if (cut && !isAside(cut) && (!bound || before(sk(cut), sk(bound)))) bound = cut;
  const items = reads
    .flatMap((r) => r.rows)
    .filter((row) => !isAside(row) && !(q.exclude?.(row) ?? false))
    .filter((row) => !bound || sk(row) === sk(bound) || before(sk(row), sk(bound)))
    .sort((a, b) => (sk(a) === sk(b) ? 0 : before(sk(a), sk(b)) ? -1 : 1));
  if (items.length > q.limit) return { items: items.slice(0, q.limit), aside, next: items[q.limit - 1]! };
  return { items, aside, next: bound ?? null };
}
