import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BANDS,
  bandHashes,
  contentHash,
  duplicateCandidates,
  findDuplicate,
  MAX_DUPLICATE_CANDIDATES,
  MIN_SHARED_BANDS,
  NEAR_DUPLICATE_SIMILARITY,
  sharedBands,
  shingles,
  signature,
  similarity,
  SIGNATURE_SIZE,
  type DuplicateCandidate,
} from '../../functions/domain/evidence/duplicates';
import { keys } from '../../functions/data/keys';

const TEXT = 'Revenue grew 12% to 480 million in fiscal 2025 while EBITDA margin improved to 18%. Customer churn rose to 9% in the SME segment after the price increase. The warehouse in Leeds ran at 96% of its capacity for most of the year.';

describe('duplicate detection in the client library', () => {
  it('hashes content: bytes as they are, texts by their words (case and spacing do not matter)', () => {
    expect(contentHash(new TextEncoder().encode('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(contentHash('Revenue  grew\n12%')).toBe(contentHash('revenue grew 12%'));
    expect(contentHash('Revenue grew 12%')).not.toBe(contentHash('Revenue grew 13%'));
  });

  it('shingles a text into overlapping five-word runs; a short text is one shingle; no words, none', () => {
    expect([...shingles('one two three four five six')]).toEqual(['one two three four five', 'two three four five six']);
    expect([...shingles('Just three words')]).toEqual(['just three words']);
    expect(shingles('  … — ').size).toBe(0);
    expect(signature('')).toEqual([]);
  });

  it('estimates the similarity of texts from their signatures: 1 for the same text, high for a small edit, low for another text', () => {
    const same = similarity(signature(TEXT), signature(TEXT.toUpperCase()));
    const edited = similarity(signature(TEXT), signature(`${TEXT} The CFO expects the same next year.`));
    const other = similarity(signature(TEXT), signature('Staff turnover fell to 11% after the new onboarding programme started in spring, and morale surveys improved.'));
    expect(signature(TEXT)).toHaveLength(SIGNATURE_SIZE);
    expect(same).toBe(1);
    expect(edited).toBeGreaterThanOrEqual(NEAR_DUPLICATE_SIMILARITY);
    expect(edited).toBeLessThan(1);
    expect(other).toBeLessThan(0.2);
    expect(similarity(undefined, signature(TEXT))).toBe(0);
  });

  it('finds the same content first, else the most similar text above the threshold, never the item itself', () => {
    const library = [
      { id: 'a', title: 'Annual report', content_hash: contentHash(TEXT), text_signature: signature(TEXT) },
      { id: 'b', title: 'Edited notes', content_hash: 'x', text_signature: signature(`${TEXT} One more sentence here.`) },
      { id: 'c', title: 'Other', content_hash: 'y', text_signature: signature('Staff turnover fell to 11% after onboarding changed.') },
    ];
    expect(findDuplicate({ id: 'new', content_hash: contentHash(TEXT), text_signature: signature(TEXT) }, library)).toEqual({ id: 'a', title: 'Annual report', kind: 'same_content', similarity: 1 });
    const near = findDuplicate({ id: 'new', content_hash: 'z', text_signature: signature(`${TEXT} One more sentence here.`) }, library);
    expect(near).toMatchObject({ id: 'b', kind: 'similar_text' });
    expect(findDuplicate({ id: 'new', content_hash: 'z', text_signature: signature('A text about something else entirely, the weather in May.') }, library)).toBeUndefined();
    expect(findDuplicate({ id: 'a', content_hash: contentHash(TEXT), text_signature: signature(TEXT) }, library.slice(0, 1))).toBeUndefined();
  });
});

/** The true Jaccard similarity of two texts' shingle sets. */
function jaccard(a: string, b: string): number {
  const x = shingles(a);
  const y = shingles(b);
  let both = 0;
  for (const s of x) if (y.has(s)) both++;
  return both / (x.size + y.size - both);
}

/** A text of `n` words drawn from a vocabulary of 20,000 (so two independent texts share next to no shingle). */
const wordsArb = (min: number, max: number) => fc.array(fc.integer({ min: 0, max: 19_999 }), { minLength: min, maxLength: max });
const text = (ws: readonly number[]) => ws.map((w) => `w${w}`).join(' ');

/** A text and a copy with a few words replaced, inserted or removed, at a true Jaccard similarity of 0.8 or more. */
const nearPair = fc
  .tuple(
    wordsArb(120, 400),
    fc.array(fc.tuple(fc.constantFrom('replace', 'insert', 'delete'), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 19_999 })), { minLength: 1, maxLength: 4 }),
  )
  .map(([base, edits]) => {
    const copy = [...base];
    for (const [kind, at, word] of edits) {
      const i = Math.min(copy.length - 1, Math.floor(at * copy.length));
      if (kind === 'replace') copy[i] = word;
      else if (kind === 'insert') copy.splice(i, 0, word);
      else copy.splice(i, 1);
    }
    return [text(base), text(copy)] as const;
  })
  .filter(([a, b]) => jaccard(a, b) >= NEAR_DUPLICATE_SIMILARITY);

/** The duplicate index as DynamoDB holds it (keys.duplicateHash / keys.duplicateBand → ids), in memory. */
function indexOf(library: readonly DuplicateCandidate[]) {
  const index = new Map<string, Set<string>>();
  const add = (sk: string, id: string) => index.set(sk, (index.get(sk) ?? new Set()).add(id));
  for (const item of library) {
    if (item.content_hash) add(keys.duplicateHash('org', item.content_hash).SK, item.id);
    bandHashes(item.text_signature).forEach((h, band) => add(keys.duplicateBand('org', band, h).SK, item.id));
  }
  return (added: { id: string; content_hash?: string; text_signature?: number[] }) => {
    const same = added.content_hash ? [...(index.get(keys.duplicateHash('org', added.content_hash).SK) ?? [])] : [];
    const bands = bandHashes(added.text_signature).map((h, band) => [...(index.get(keys.duplicateBand('org', band, h).SK) ?? [])]);
    const ids = new Set(duplicateCandidates(added.id, same, bands));
    return library.filter((c) => ids.has(c.id));
  };
}

describe('the duplicate index: signatures cut into bands (locality-sensitive hashing)', () => {
  it('makes the same band keys for the same signature every time, one per band; none without text', () => {
    const sig = signature(TEXT);
    const bands = bandHashes(sig);
    expect(bands).toHaveLength(BANDS);
    expect(bands.every((h) => /^[0-9a-f]{16}$/.test(h))).toBe(true);
    expect(bandHashes(signature(TEXT.toUpperCase()))).toEqual(bands);
    expect(bandHashes([...sig])).toEqual(bands);
    expect(new Set(bands).size).toBe(BANDS);
    expect(keys.duplicateBand('org-1', 3, bands[3]!)).toEqual({ PK: 'ORG#org-1', SK: `DUPBAND#03#${bands[3]}` });
    expect(keys.duplicateHash('org-1', contentHash(TEXT))).toEqual({ PK: 'ORG#org-1', SK: `DUPHASH#${contentHash(TEXT)}` });
    // one value changed changes its own band only
    const changed = [...sig];
    changed[21] = (changed[21]! + 1) >>> 0;
    const after = bandHashes(changed);
    expect(after.map((h, i) => h === bands[i])).toEqual(bands.map((_, i) => i !== 5));
    expect(bandHashes([])).toEqual([]);
    expect(bandHashes(undefined)).toEqual([]);
    expect(bandHashes(signature(''))).toEqual([]);
  });

  it('misses no near duplicate: signatures at an estimated similarity of 0.8 or more always share at least MIN_SHARED_BANDS bands', () => {
    expect(MIN_SHARED_BANDS).toBe(4);
    const sigArb = fc.array(fc.integer({ min: 0, max: 0xffffffff }), { minLength: SIGNATURE_SIZE, maxLength: SIGNATURE_SIZE });
    const changes = fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: SIGNATURE_SIZE - 1 }), fc.integer({ min: 1, max: 1000 })), { maxLength: 20, selector: ([i]) => i });
    fc.assert(
      fc.property(sigArb, changes, (sig, edits) => {
        const other = [...sig];
        for (const [i, d] of edits) other[i] = (other[i]! + d) >>> 0;
        const shared = sharedBands(bandHashes(sig), bandHashes(other));
        if (similarity(sig, other) >= NEAR_DUPLICATE_SIMILARITY) expect(shared).toBeGreaterThanOrEqual(MIN_SHARED_BANDS);
        expect(shared).toBeGreaterThanOrEqual(BANDS - edits.length);
      }),
      { seed: 25, numRuns: 500 },
    );
  });

  it('puts texts at a Jaccard similarity of 0.8 or more in a common band (≥ 99% of 200 generated pairs), and unrelated texts rarely', () => {
    // Prepare: 200 near-duplicate pairs, 200 pairs of unrelated texts (fixed seeds: the same pairs every run)
    const near = fc.sample(nearPair, { seed: 25, numRuns: 200 });
    const unrelated = fc.sample(fc.tuple(wordsArb(50, 400), wordsArb(50, 400)), { seed: 26, numRuns: 200 }).map(([a, b]) => [text(a), text(b)] as const);
    // Act
    const bandsShared = (pairs: readonly (readonly [string, string])[]) => pairs.map(([a, b]) => sharedBands(bandHashes(signature(a)), bandHashes(signature(b))));
    const nearShared = bandsShared(near);
    const unrelatedShared = bandsShared(unrelated);
    // Assess
    expect(near).toHaveLength(200);
    expect(nearShared.filter((n) => n >= 1).length / near.length).toBeGreaterThanOrEqual(0.99);
    // each one whose estimate reaches the threshold is a candidate (≥ MIN_SHARED_BANDS bands)
    near.forEach(([a, b], i) => {
      if (similarity(signature(a), signature(b)) >= NEAR_DUPLICATE_SIMILARITY) expect(nearShared[i]).toBeGreaterThanOrEqual(MIN_SHARED_BANDS);
    });
    expect(unrelatedShared.filter((n) => n >= 1).length / unrelated.length).toBeLessThanOrEqual(0.01);
    expect(unrelatedShared.filter((n) => n >= MIN_SHARED_BANDS)).toEqual([]);
  });

  it('names the same content first, then the items sharing enough bands, most bands first, never the item itself, at most MAX_DUPLICATE_CANDIDATES', () => {
    const bands = (ids: string[], times: number) => Array.from({ length: times }, () => ids);
    expect(duplicateCandidates('new', ['s2', 's1', 'new'], [...bands(['a', 'b', 'c', 'new'], 4), ...bands(['a', 'd'], 2), ...bands(['b'], 1), ...bands(['e'], 3)])).toEqual([
      's1',
      's2',
      'a',
      'b',
      'c',
    ]);
    // an item with the same content is not named twice
    expect(duplicateCandidates('new', ['a'], bands(['a', 'b'], 16))).toEqual(['a', 'b']);
    expect(duplicateCandidates('new', [], bands(['x'], MIN_SHARED_BANDS - 1))).toEqual([]);
    const many = Array.from({ length: 80 }, (_, i) => `i${String(i).padStart(2, '0')}`);
    expect(duplicateCandidates('new', [], bands(many, 16))).toHaveLength(MAX_DUPLICATE_CANDIDATES);
  });

  it('gives the answers findDuplicate gives over the whole library, reading only the candidates the index names', () => {
    // libraries of variants of a few texts (some the same content, some near, some not) and an added text
    const library = fc
      .tuple(fc.array(wordsArb(60, 200), { minLength: 1, maxLength: 3 }), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 12 }), fc.boolean()), { minLength: 1, maxLength: 25 }))
      .map(([bases, variants]) =>
        variants.map(([base, edits, sameBytes], i) => {
          const words = [...bases[base % bases.length]!];
          for (let e = 0; e < edits; e++) words[(e * 37 + i) % words.length] = 20_000 + i * 100 + e;
          const t = text(words);
          return { id: `item-${String(i).padStart(2, '0')}`, title: `Item ${i}`, content_hash: sameBytes ? contentHash(t) : `bytes-${i}`, text_signature: signature(t) };
        }),
      );
    const seen = new Set<string>();
    fc.assert(
      fc.property(library, fc.nat(), fc.nat({ max: 30 }), (items, pick, edits) => {
        const source = items[pick % items.length]!;
        const sig = [...source.text_signature];
        for (let e = 0; e < edits; e++) sig[(e * 5) % SIGNATURE_SIZE] = (sig[(e * 5) % SIGNATURE_SIZE]! + 1) >>> 0;
        const added = { id: 'new', content_hash: edits ? 'other' : source.content_hash, text_signature: sig };
        const whole = findDuplicate(added, items);
        seen.add(whole?.kind ?? 'none');
        expect(findDuplicate(added, indexOf(items)(added))).toEqual(whole);
      }),
      { seed: 25, numRuns: 150 },
    );
    // the runs met every answer
    expect([...seen].sort()).toEqual(['none', 'same_content', 'similar_text']);
  });
});
