/**
 * The BM25 indexes of the ask route, kept at module scope so a warm function asked again about the same
 * evidence does not read the texts and index every sentence again. One entry per scope (a report, or a
 * client's library), valid for one version of its evidence (membersVersion: a hash of the ids; a
 * new, taken, removed or deleted item changes it, and the entry is replaced). Bounded by lru-cache: at most
 * MAX_INDEXES entries and MAX_INDEXED_CHARS characters of indexed sentences, least recently used out first.
 * Two questions at once about a set not yet indexed share one build.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { type AskIndex, type AskSource, indexSources } from './question-index';

/** Entries at most (a function instance serves one request at a time: a few reports' worth is plenty). */
export const MAX_INDEXES = 16;
/** Characters of indexed sentences at most (about 6 reports of 500 items; the function has 1 GB). */
const MAX_INDEXED_CHARS = 8_000_000;

/** The version of a set of members: a hash of their ids (an item's text never changes once filed), in any order (a new, taken or deleted item changes it). */
export function membersVersion(members: readonly { id: string }[]): string {
  const ids = members.map((m) => m.id.toLowerCase()).sort();
  return `${ids.length}:${createHash('sha256').update(ids.join('\n')).digest('base64url')}`;
}

interface Entry {
  version: string;
  index: AskIndex;
}

export interface CachedIndex {
  index: AskIndex;
  /** true when the index was already built for this version */
  hit: boolean;
}

export interface IndexCache {
  /**
   * The index of `key` at `version`: the cached one when its version is this one, else built from `load()`'s
   * sources (and cached in place of the older one).
   */
  get(key: string, version: string, load: () => Promise<readonly AskSource[]>): Promise<CachedIndex>;
  stats(): { entries: number; chars: number };
  clear(): void;
}

/** A cache of indexes with these bounds (the route's is below; tests make small ones). */
export function createIndexCache(bounds: { entries: number; chars: number } = { entries: MAX_INDEXES, chars: MAX_INDEXED_CHARS }): IndexCache {
  const cache = new LRUCache<string, Entry>({ max: bounds.entries, maxSize: bounds.chars, sizeCalculation: (e) => Math.max(1, e.index.chars) });
  /** builds under way: key → version and its promise */
  const building = new Map<string, { version: string; promise: Promise<AskIndex> }>();
  return {
    async get(key, version, load) {
      const entry = cache.get(key);
      if (entry?.version === version) return { index: entry.index, hit: true };
      const pending = building.get(key);
      if (pending?.version === version) return { index: await pending.promise, hit: true };
      const promise = load().then((sources) => indexSources(sources));
      building.set(key, { version, promise });
      try {
        const index = await promise;
        // an index larger than the whole bound is not kept (and the older version goes)
        if (index.chars <= bounds.chars) cache.set(key, { version, index });
        else cache.delete(key);
        return { index, hit: false };
      } finally {
        if (building.get(key)?.promise === promise) building.delete(key);
      }
    },
    stats: () => ({ entries: cache.size, chars: cache.calculatedSize }),
    clear() {
      cache.clear();
      building.clear();
    },
  };
}

/** The function instance's cache, at module scope: it lives as long as the warm instance. */
const shared = createIndexCache();

export const cachedIndex: IndexCache['get'] = (key, version, load) => shared.get(key, version, load);
export const indexCacheStats = () => shared.stats();
export const clearIndexCache = () => shared.clear();
