/**
 * Duplicates in a client's evidence library, found when an item is added: the same content (a
 * SHA-256 of the file's bytes, or of the normalised text for pages and notes) or nearly the same text (the
 * Jaccard similarity of the texts' word 5-shingles, estimated from MinHash signatures kept on each item, so a
 * new upload is compared with the library without reading any text). Pure: no I/O.
 *
 * MinHash is written out here (a few lines over murmur3's finaliser): the one npm package for it (`minhash`
 * 0.0.9) has not been maintained for years.
 *
 * The library is not read to find them: each item is listed, in its client's partition, under its content hash
 * and under the hash of each band of its signature (locality-sensitive hashing: BANDS bands of BAND_ROWS values),
 * and a new item reads only the entries of its own hash and bands (functions/data/duplicate-index-repo.ts).
 * The bands miss no near duplicate: two signatures at an estimated similarity of at least
 * NEAR_DUPLICATE_SIMILARITY differ in at most SIGNATURE_SIZE - 52 = 12 of their 64 values, which spoil at most 12
 * of the 16 bands, so they share at least MIN_SHARED_BANDS = 4 whole bands (the pigeonhole principle). An item
 * sharing fewer bands cannot be a near duplicate and is not read at all.
 */
import { createHash } from 'node:crypto';

/** Permutations in a signature: the estimate's standard error is about 1/sqrt(64) = 0.125 at J = 0.5, less near 1. */
export const SIGNATURE_SIZE = 64;
/** Words per shingle. */
const SHINGLE_WORDS = 5;
/** At or above this estimated similarity two texts are near duplicates. */
export const NEAR_DUPLICATE_SIMILARITY = 0.8;

export type DuplicateKind = 'same_content' | 'similar_text';

export interface DuplicateCandidate {
  id: string;
  title: string;
  content_hash?: string;
  text_signature?: number[];
}

export interface DuplicateMatch {
  id: string;
  title: string;
  kind: DuplicateKind;
  /** 1 for the same content; the estimated Jaccard similarity of the texts otherwise */
  similarity: number;
}

/** Lower-cased words (letters and digits, any script), for shingling and for the text's hash. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.,'’][\p{L}\p{N}]+)*/gu) ?? [];
}

/** SHA-256 (hex) of a file's bytes or of a text (its words, so spacing and case do not matter). */
export function contentHash(content: Uint8Array | string): string {
  const hash = createHash('sha256');
  hash.update(typeof content === 'string' ? words(content).join(' ') : content);
  return hash.digest('hex');
}

/** The text's word shingles (a text shorter than one shingle is its own single shingle). */
export function shingles(text: string, size = SHINGLE_WORDS): Set<string> {
  const w = words(text);
  const out = new Set<string>();
  if (!w.length) return out;
  if (w.length < size) {
    out.add(w.join(' '));
    return out;
  }
  for (let i = 0; i + size <= w.length; i++) out.add(w.slice(i, i + size).join(' '));
  return out;
}

/** FNV-1a, 32 bits: a shingle's base hash. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** murmur3's 32-bit finaliser: mixes a base hash with a seed into one permutation's value. */
function mix(h: number, seed: number): number {
  let x = (h ^ seed) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

const SEEDS = Array.from({ length: SIGNATURE_SIZE }, (_, i) => mix(0x9e3779b9, i + 1));

/** The MinHash signature of a text's shingles; empty for a text without words. */
export function signature(text: string): number[] {
  const set = shingles(text);
  if (!set.size) return [];
  const mins = new Array<number>(SIGNATURE_SIZE).fill(0xffffffff);
  for (const s of set) {
    const base = fnv1a(s);
    for (let i = 0; i < SIGNATURE_SIZE; i++) {
      const v = mix(base, SEEDS[i]!);
      if (v < mins[i]!) mins[i] = v;
    }
  }
  return mins;
}

/** The estimated Jaccard similarity of two signatures (0 when either is missing or they differ in size). */
export function similarity(a: readonly number[] | undefined, b: readonly number[] | undefined): number {
  if (!a?.length || !b?.length || a.length !== b.length) return 0;
  let same = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
  return same / a.length;
}

/** Bands a signature is cut into for the index (BANDS × BAND_ROWS = SIGNATURE_SIZE). */
export const BANDS = 16;
/** Values of the signature in one band. */
const BAND_ROWS = SIGNATURE_SIZE / BANDS;
/** Library items read (and compared) at most per added item: its candidates, most likely first. */
export const MAX_DUPLICATE_CANDIDATES = 50;

/** The fewest equal values (out of SIGNATURE_SIZE) two signatures have at NEAR_DUPLICATE_SIMILARITY (as `similarity` counts). */
function fewestEqualValues(): number {
  let same = 0;
  while (same / SIGNATURE_SIZE < NEAR_DUPLICATE_SIMILARITY) same++;
  return same;
}

/**
 * Whole bands two signatures at NEAR_DUPLICATE_SIMILARITY or more share at least: each value that differs spoils
 * at most one band (16 - (64 - 52) = 4).
 */
export const MIN_SHARED_BANDS = Math.max(1, BANDS - (SIGNATURE_SIZE - fewestEqualValues()));

/**
 * The hash of each band of a signature (hex, 64 bits of a SHA-256 of the band's values), in band order; none for a
 * signature that is missing or not SIGNATURE_SIZE long (a text without words). Equal bands hash alike, whatever
 * the rest of the signature.
 */
export function bandHashes(sig: readonly number[] | undefined): string[] {
  if (sig?.length !== SIGNATURE_SIZE) return [];
  const out: string[] = [];
  const bytes = Buffer.alloc(BAND_ROWS * 4);
  for (let b = 0; b < BANDS; b++) {
    for (let r = 0; r < BAND_ROWS; r++) bytes.writeUInt32BE(sig[b * BAND_ROWS + r]! >>> 0, r * 4);
    out.push(createHash('sha256').update(bytes).digest('hex').slice(0, 16));
  }
  return out;
}

/** How many bands two signatures share (the same hash in the same band). */
export function sharedBands(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] === b[i]) n++;
  return n;
}

/**
 * The library items worth reading for a new item (`self`), from what its index entries hold: every item with the
 * same content first (ids in order: new ids are UUIDv7, so the oldest first), then the items listed under at least
 * MIN_SHARED_BANDS of its bands, the most bands first (the most similar: n shared bands mean at least 4n equal
 * values). At most `max`; never `self`. Only when more than `max` items qualify can the answer differ from reading
 * the whole library.
 */
export function duplicateCandidates(
  self: string,
  sameContent: readonly string[],
  bandMembers: readonly (readonly string[])[],
  max = MAX_DUPLICATE_CANDIDATES,
): string[] {
  const same = [...new Set(sameContent)].filter((id) => id !== self).sort();
  const taken = new Set(same);
  const counts = new Map<string, number>();
  for (const members of bandMembers) for (const id of new Set(members)) counts.set(id, (counts.get(id) ?? 0) + 1);
  const similar = [...counts]
    .filter(([id, n]) => n >= MIN_SHARED_BANDS && id !== self && !taken.has(id))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([id]) => id);
  return [...same, ...similar].slice(0, max);
}

/**
 * The library item a new one duplicates, if any: the same content first, else the most similar text at or above
 * NEAR_DUPLICATE_SIMILARITY. `self` (the new item's id) is never its own duplicate.
 */
export function findDuplicate(
  added: { id: string; content_hash?: string; text_signature?: number[] },
  library: readonly DuplicateCandidate[],
): DuplicateMatch | undefined {
  const others = library.filter((c) => c.id !== added.id);
  const same = added.content_hash ? others.find((c) => c.content_hash === added.content_hash) : undefined;
  if (same) return { id: same.id, title: same.title, kind: 'same_content', similarity: 1 };
  let best: DuplicateMatch | undefined;
  for (const c of others) {
    const s = similarity(added.text_signature, c.text_signature);
    if (s >= NEAR_DUPLICATE_SIMILARITY && (!best || s > best.similarity)) best = { id: c.id, title: c.title, kind: 'similar_text', similarity: s };
  }
  return best;
}
