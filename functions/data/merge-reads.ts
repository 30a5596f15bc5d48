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

/** A partition none of whose rows sorts above `maxSk` (what makes it skippable in a newest-first list). */
export interface BoundedPartition {
  pk: string;
  maxSk: string;
}

/**
 * The page made of `reads` and of those `bounded` partitions that can reach it (read by `readMore` only when
 * some can): when `reads` fill the page with rows that all sort before a partition's `maxSk`, it holds nothing
 * for this page and is not read. A page that left one out ends at its own last row (never past it: the
 * partition's rows come after), so the next page reads it again.
 */
export async function mergeWithBounded(
  reads: readonly PartitionRead[],
  bounded: readonly BoundedPartition[],
  readMore: (pks: string[]) => Promise<PartitionRead[]>,
  q: MergeOptions,
): Promise<MergedPage> {
  const page = mergeReads(reads, q);
  if (!bounded.length) return page;
  // (an oldest-first list has no use for them: read them all)
  const needed = q.newestFirst ? reachable(page, bounded, q) : bounded.map((b) => b.pk);
  const more = needed.length ? mergeReads([...reads, ...(await readMore(needed))], q) : page;
  if (needed.length === bounded.length || more.items.length < q.limit) return more;
  return { ...more, next: more.items[q.limit - 1]! };
}

/** The bounded partitions that may hold a row of `page`: all of them when it is not full, else those whose `maxSk` is not below its last row. */
function reachable(page: MergedPage, bounded: readonly BoundedPartition[], q: Pick<MergeOptions, 'limit' | 'skName'>): string[] {
  if (page.items.length < q.limit) return bounded.map((b) => b.pk);
  const last = String(page.items[q.limit - 1]![q.skName]);
  return bounded.filter((b) => !(b.maxSk < last)).map((b) => b.pk);
}
