/**
 * The merge of a list kept in several partitions (the open list and a member's confidential clients'
 * own): walked page by page, every visible row comes once, in order, whatever the partitions hold, the
 * page size, or the rows left out; a partition that has more bounds the page.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeReads, mergeWithBounded, type PartitionRead } from '../../functions/data/merge-reads';

type Row = { sk: string; hidden?: boolean };

/** What a Query of one partition gives from `after` on (exclusive), at most `limit` rows, as DynamoDB does. */
function read(partition: readonly Row[], after: string | undefined, limit: number, newestFirst: boolean): PartitionRead {
  const sorted = [...partition].sort((a, b) => (newestFirst ? b.sk.localeCompare(a.sk) : a.sk.localeCompare(b.sk)));
  const rest = after === undefined ? sorted : sorted.filter((r) => (newestFirst ? r.sk < after : r.sk > after));
  const rows = rest.slice(0, limit);
  return { rows, cut: rest.length > limit ? rows[rows.length - 1] : undefined };
}

function walk(partitions: readonly (readonly Row[])[], limit: number, newestFirst: boolean): { pages: string[][] } {
  const pages: string[][] = [];
  let after: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const reads = partitions.map((p) => read(p, after, limit, newestFirst));
    const page = mergeReads(reads, { skName: 'sk', limit, newestFirst, exclude: (row) => row.hidden === true });
    pages.push(page.items.map((r) => String(r.sk)));
    if (!page.next) return { pages };
    after = String(page.next.sk);
  }
  throw new Error('the walk did not end');
}

describe('mergeReads', () => {
  it('merges partitions newest first and stops at the page size', () => {
    // Prepare
    const open = read([{ sk: '9' }, { sk: '7' }, { sk: '5' }, { sk: '1' }], undefined, 3, true);
    const mine = read([{ sk: '8' }, { sk: '6' }], undefined, 3, true);
    // Act
    const page = mergeReads([open, mine], { skName: 'sk', limit: 3, newestFirst: true });
    // Assess
    expect(page.items.map((r) => r.sk)).toEqual(['9', '8', '7']);
    expect(page.next?.sk).toBe('7');
  });

  it('does not pass the last row of a partition that has more, even when its rows were left out', () => {
    // Prepare: the open list's first three rows are hidden ones, and it has more after them
    const open = read([{ sk: '9', hidden: true }, { sk: '8', hidden: true }, { sk: '7', hidden: true }, { sk: '6.5' }], undefined, 3, true);
    const mine = read([{ sk: '6' }, { sk: '5' }], undefined, 3, true);
    // Act
    const page = mergeReads([open, mine], { skName: 'sk', limit: 3, newestFirst: true, exclude: (r) => r.hidden === true });
    // Assess: nothing below 7 yet (6.5, unread, comes before 6); the next page starts after 7
    expect(page.items).toEqual([]);
    expect(page.next?.sk).toBe('7');
  });

  it('keeps the totals aside and merges by name in ascending order', () => {
    const open = read([{ sk: '#STATS' }, { sk: 'N#b' }, { sk: 'N#d' }], undefined, 4, false);
    const mine = read([{ sk: 'N#a' }], undefined, 4, false);
    const page = mergeReads([open, mine], { skName: 'sk', limit: 3, newestFirst: false, aside: (r) => r.sk === '#STATS' });
    expect(page.items.map((r) => r.sk)).toEqual(['N#a', 'N#b', 'N#d']);
    expect(page.aside.map((r) => r.sk)).toEqual(['#STATS']);
    expect(page.next).toBeNull();
  });

  it('walks every visible row once, in order, for any partitions, page size and hidden rows', () => {
    const row = fc.record({ sk: fc.integer({ min: 0, max: 10_000 }).map((n) => String(n).padStart(5, '0')), hidden: fc.boolean() });
    fc.assert(
      fc.property(fc.array(fc.array(row, { maxLength: 30 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 7 }), fc.boolean(), (raw, limit, newestFirst) => {
        // sort keys are unique across the list (each holds the item's id)
        const seen = new Set<string>();
        const partitions = raw.map((p) => p.filter((r) => !seen.has(r.sk) && seen.add(r.sk)));
        const expected = partitions
          .flat()
          .filter((r) => !r.hidden)
          .map((r) => r.sk)
          .sort();
        if (newestFirst) expected.reverse();
        const { pages } = walk(partitions, limit, newestFirst);
        for (const page of pages) expect(page.length).toBeLessThanOrEqual(limit);
        expect(pages.flat()).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a bounded partition only when the page can reach it, and walks every row once all the same', async () => {
    const rowUpTo = (max: number) => fc.record({ sk: fc.integer({ min: 0, max }).map((n) => String(n).padStart(5, '0')), hidden: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowUpTo(10_000), { maxLength: 40 }),
        // mostly older rows than the open list's, as a confidential client's are on the first pages
        fc.array(fc.tuple(fc.array(rowUpTo(3_000), { maxLength: 15 }), fc.integer({ min: 0, max: 3_000 })), { maxLength: 5 }),
        fc.integer({ min: 1, max: 7 }),
        async (openRaw, boundedRaw, limit) => {
          const seen = new Set<string>();
          const unique = (rows: readonly Row[]) => rows.filter((r) => !seen.has(r.sk) && seen.add(r.sk));
          const open = unique(openRaw);
          // each bounded partition's maxSk is at or above its newest row (by a slack, as the kept newest times are)
          const bounded = boundedRaw.map(([rows, slack], i) => {
            const own = unique(rows);
            const newest = own.reduce((m, r) => Math.max(m, Number(r.sk)), 0);
            return { pk: `p${i}`, rows: own, maxSk: String(newest + slack).padStart(5, '0') };
          });
          const expected = [...open, ...bounded.flatMap((b) => b.rows)].filter((r) => !r.hidden).map((r) => r.sk).sort().reverse();
          const pages: string[][] = [];
          let after: string | undefined;
          for (let guard = 0; guard < 1000; guard++) {
            const asked: string[] = [];
            const page = await mergeWithBounded(
              [read(open, after, limit, true)],
              bounded.map((b) => ({ pk: b.pk, maxSk: b.maxSk })),
              async (pks) => {
                asked.push(...pks);
                return pks.map((pk) => read(bounded.find((b) => b.pk === pk)!.rows, after, limit, true));
              },
              { skName: 'sk', limit, newestFirst: true, exclude: (r) => r.hidden === true },
            );
            pages.push(page.items.map((r) => String(r.sk)));
            // a partition left out holds nothing this page shows
            for (const b of bounded.filter((p) => !asked.includes(p.pk))) expect(page.items.every((r) => String(r.sk) > b.maxSk)).toBe(true);
            if (!page.next) break;
            after = String(page.next.sk);
          }
          for (const page of pages) expect(page.length).toBeLessThanOrEqual(limit);
          expect(pages.flat()).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('does not read a bounded partition whose rows are all older than a full page', async () => {
    // Prepare: the open list fills the page with 9, 8, 7 and has no more; the confidential client's newest is 5
    const open = read([{ sk: '9' }, { sk: '8' }, { sk: '7' }], undefined, 3, true);
    const asked: string[][] = [];
    // Act
    const page = await mergeWithBounded([open], [{ pk: 'mine', maxSk: '5' }], async (pks) => (asked.push(pks), [read([{ sk: '5' }], undefined, 3, true)]), { skName: 'sk', limit: 3, newestFirst: true });
    // Assess: not read, and the next page starts right after 7 (where it may come)
    expect(asked).toEqual([]);
    expect(page.items.map((r) => r.sk)).toEqual(['9', '8', '7']);
    expect(page.next?.sk).toBe('7');
    // a newer one is read and merged in
    const reached = await mergeWithBounded([open], [{ pk: 'mine', maxSk: '8.5' }], async (pks) => (asked.push(pks), [read([{ sk: '8.5' }], undefined, 3, true)]), { skName: 'sk', limit: 3, newestFirst: true });
    expect(asked).toEqual([['mine']]);
    expect(reached.items.map((r) => r.sk)).toEqual(['9', '8.5', '8']);
  });
});
