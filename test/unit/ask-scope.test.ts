/**
 * Ask's scope and its cached index, without I/O: a question asks the report's evidence unless it
 * names the client's library, and a scope it does not know is refused with a detail; the version of a scope's
 * evidence is the set of its items (any order), so a new, taken or deleted item changes it; the cached index
 * is built once per version, rebuilt when the version changes, shared by two questions at once, and the cache
 * holds at most its bound (least recently used out first).
 */
import * as z from 'zod/mini';
import { beforeEach, describe, expect, it } from 'vitest';
import { AskBody } from '@shared/schemas/ask';
import { cachedIndex, clearIndexCache, createIndexCache, indexCacheStats, MAX_INDEXES, membersVersion } from '../../functions/domain/ai/retrieval/question-index-cache';
import type { AskSource } from '../../functions/domain/ai/retrieval/question-index';

const SOURCES: AskSource[] = [
  { id: 'a', title: 'Annual report FY2024', text: 'Revenue growth was 9% in FY2024.\nThe warehouse network has 14 sites.' },
  { id: 'b', title: 'CFO interview', text: 'Fuel costs rose 21% year on year.' },
];

/** A loader that counts its calls. */
function loader(sources: readonly AskSource[] = SOURCES) {
  const calls = { n: 0 };
  return { calls, load: async () => (calls.n++, sources) };
}

describe('ask scope', () => {
  it('asks the report by default, the client library when asked, and refuses any other scope with a detail', () => {
    // Act
    const plain = z.safeParse(AskBody, { question: 'What was revenue growth?' });
    const client = z.safeParse(AskBody, { question: 'What was revenue growth?', scope: 'client' });
    const bad = z.safeParse(AskBody, { question: 'What was revenue growth?', scope: 'firm' });
    // Assess
    expect(plain.data).toEqual({ question: 'What was revenue growth?', scope: 'report' });
    expect(client.data?.scope).toBe('client');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("scope must be 'report' (the report's evidence) or 'client' (the client's evidence library)");
  });

  it("versions a scope's evidence by its set of items: order and case do not matter, a new or removed item does", () => {
    // Prepare
    const ids = [{ id: 'A1' }, { id: 'b2' }, { id: 'c3' }];
    // Act
    const v = membersVersion(ids);
    // Assess
    expect(membersVersion([...ids].reverse())).toBe(v);
    expect(membersVersion(ids.map((i) => ({ id: i.id.toLowerCase() })))).toBe(v);
    expect(membersVersion([...ids, { id: 'd4' }])).not.toBe(v);
    expect(membersVersion(ids.slice(1))).not.toBe(v);
    // same count, another item (one deleted, one added)
    expect(membersVersion([...ids.slice(1), { id: 'd4' }])).not.toBe(v);
  });
});

describe('cached ask index', () => {
  beforeEach(() => clearIndexCache());

  it('builds the index once for a version and answers from the cache after', async () => {
    // Prepare
    const { calls, load } = loader();
    // Act
    const first = await cachedIndex('report:r1', 'v1', load);
    const second = await cachedIndex('report:r1', 'v1', load);
    // Assess
    expect([first.hit, second.hit]).toEqual([false, true]);
    expect(calls.n).toBe(1);
    expect(second.index).toBe(first.index);
    expect(second.index.search('How much did fuel costs rise?')[0]).toMatchObject({ evidence_id: 'b', text: 'Fuel costs rose 21% year on year.' });
  });

  it('rebuilds when the evidence changes (a new version), and keeps scopes apart', async () => {
    // Prepare
    const before = loader(SOURCES.slice(0, 1));
    const after = loader(SOURCES);
    await cachedIndex('report:r1', 'v1', before.load);
    // Act
    const changed = await cachedIndex('report:r1', 'v2', after.load);
    const client = await cachedIndex('client:o1', 'v2', after.load);
    const again = await cachedIndex('report:r1', 'v2', after.load);
    // Assess
    expect(changed.hit).toBe(false);
    expect(changed.index.search('fuel costs')[0]?.evidence_id).toBe('b');
    expect(client.hit).toBe(false);
    expect(again.hit).toBe(true);
    expect(after.calls.n).toBe(2);
    expect(indexCacheStats().entries).toBe(2);
  });

  it('shares one build between two questions asked at once', async () => {
    // Prepare
    const { calls, load } = loader();
    // Act
    const [a, b] = await Promise.all([cachedIndex('report:r1', 'v1', load), cachedIndex('report:r1', 'v1', load)]);
    // Assess
    expect(calls.n).toBe(1);
    expect(b.index).toBe(a.index);
  });

  it('holds at most its bound of entries, the least recently used going first', async () => {
    // Prepare
    const { load } = loader();
    for (let i = 0; i < MAX_INDEXES; i++) await cachedIndex(`report:r${i}`, 'v1', load);
    await cachedIndex('report:r0', 'v1', load); // r0 used again: r1 is now the least recent
    // Act
    await cachedIndex('report:extra', 'v1', load);
    // Assess
    expect(indexCacheStats().entries).toBe(MAX_INDEXES);
    expect((await cachedIndex('report:r0', 'v1', load)).hit).toBe(true);
    expect((await cachedIndex('report:r1', 'v1', load)).hit).toBe(false);
  });

  it('counts indexed characters against its bound, and never keeps an index larger than the bound', async () => {
    // Prepare: a cache bounded to 100 characters; each index of SOURCES holds about 90
    const small = createIndexCache({ entries: 10, chars: 100 });
    const big = [{ id: 'h', title: 'Long', text: 'Revenue growth was 9% in FY2024 across every region, line of business and customer segment of the group.' }];
    const { calls, load } = loader(big);
    await small.get('report:r1', 'v1', loader().load);
    // Act
    await small.get('report:r2', 'v1', loader().load);
    const first = await small.get('report:big', 'v1', load);
    const second = await small.get('report:big', 'v1', load);
    // Assess: r2 pushed r1 out (together they pass 100); the big one is never kept
    expect(small.stats().entries).toBe(1);
    expect(small.stats().chars).toBeLessThanOrEqual(100);
    expect((await small.get('report:r2', 'v1', loader().load)).hit).toBe(true);
    expect(first.index.chars).toBeGreaterThan(100);
    expect(second.hit).toBe(false);
    expect(calls.n).toBe(2);
  });
});
