/**
 * BM25 retrieval over the sentences the analyst read (minisearch, BM25+ ranking): which passages speak to a
 * theme. Used to find the levers the sources propose for a problem ("she would like a second source for the
 * top 200 lines") without tying them to the sentence that states the problem.
 */
import MiniSearch from 'minisearch';
import { MEASURES } from './measures';
import type { ReadSentence } from './read-sentences';

export interface Retriever {
  /** sentences for a query, best first, with their BM25 score */
  search(query: string, opts?: { evidence?: string; limit?: number }): { sentence: ReadSentence; score: number }[];
}

const STOP = new Set('the a an and or of to in on at for with by from is are was were be been has have had it its their our we us he she they this that these those as'.split(' '));

export function buildRetriever(sentences: readonly ReadSentence[]): Retriever {
  const index = new MiniSearch<{ id: number; text: string; evidence: string }>({
    fields: ['text'],
    storeFields: ['evidence'],
    processTerm: (term) => {
      const t = term.toLowerCase();
      return STOP.has(t) ? null : t.replace(/(?:ies)$/, 'y').replace(/(?<=[a-z]{3})s$/, '');
    },
  });
  index.addAll(sentences.map((s, id) => ({ id, text: s.text, evidence: s.evidence_id })));
  return {
    search(query, opts = {}) {
      const hits = index.search(query, { fuzzy: false, prefix: false, ...(opts.evidence ? { filter: (r) => r.evidence === opts.evidence } : {}) });
      return hits.slice(0, opts.limit ?? 5).map((h) => ({ sentence: sentences[h.id as number]!, score: h.score }));
    },
  };
}

/** The words a theme is found by: its measure's name and the words of the table's pattern for it. */
export function queryFor(name: string, measureId: string | undefined, extra = ''): string {
  const m = MEASURES.find((x) => x.id === measureId);
  const words = m ? m.match.source.replace(/\\[bs]|\(\?:|\(\?!|[()?|\\[\]+*^$.]/g, ' ') : '';
  return `${name} ${words} ${extra}`.replace(/\s+/g, ' ').trim();
}
