/**
 * Retrieval for "Ask the evidence": BM25 (minisearch) over every sentence of every evidence item, the
 * question as the query. Sentences keep their exact spans in the item's text, so the answer's quotes are
 * located there. A sentence that reads as an instruction to an AI (an injection planted in a note) is never
 * retrieved: it is data, and answers nothing.
 */
import MiniSearch from 'minisearch';
import type { AskPassage } from '../port/analysis-provider';
import { looksLikeInstruction } from '../text/grounding';
import { processTerm, sentencesOf } from './sentence-retrieval';

export interface AskSource {
  id: string;
  title: string;
  text: string;
}

/** Passages shown to a provider for one question, at most. */
const MAX_PASSAGES = 8;

export interface AskIndex {
  search(question: string, limit?: number): AskPassage[];
  /** characters of the sentences indexed (what a cache of indexes counts against its bound) */
  readonly chars: number;
}

/** The index of every sentence of `sources` (the ask route keeps it in ./question-index-cache.ts while the evidence stays the same). */
export function indexSources(sources: readonly AskSource[]): AskIndex {
  const sentences = sentencesOf(sources.map((s) => ({ id: s.id, title: s.title, parts: [{ start: 0, text: s.text }] }))).filter((s) => !looksLikeInstruction(s.text));
  const titles = new Map(sources.map((s) => [s.id, s.title]));
  const index = new MiniSearch<{ id: number; text: string }>({ fields: ['text'], processTerm });
  index.addAll(sentences.map((s, id) => ({ id, text: s.text })));
  return {
    chars: sentences.reduce((n, s) => n + s.text.length, 0),
    search(question, limit = MAX_PASSAGES) {
      const hits = index.search(question.slice(0, 1000), { fuzzy: false, prefix: false, combineWith: 'OR' });
      // one passage per distinct sentence (its best-ranked place): the same document filed in several items (a
      // library with copies, a re-assessment's) must not fill every place with one sentence and push the answer out
      const seen = new Set<string>();
      const picked: (typeof sentences)[number][] = [];
      const scores: number[] = [];
      for (const h of hits) {
        const s = sentences[h.id as number]!;
        const key = s.text.toLowerCase().replace(/\s+/g, ' ').trim();
        if (seen.has(key)) continue;
        seen.add(key);
        picked.push(s);
        scores.push(h.score);
        if (picked.length >= limit) break;
      }
      return picked.map((s, i) => ({ ref: `E${i + 1}`, evidence_id: s.evidence_id, title: titles.get(s.evidence_id) ?? '', start: s.start, end: s.end, text: s.text, score: scores[i]! }));
    },
  };
}
