/**
 * Runs the gold set's questions (test/fixtures/eval/<case>/case.json, `questions`) the way the ask route
 * does: retrieval over the case's texts, the provider's proposal, the same verification (grounding.ts
 * groundSentences), then the evaluation's judgement. Used by `npm run eval` and test/unit/ask.test.ts.
 */
import { performance } from 'node:perf_hooks';
import * as z from 'zod/mini';
import { groundSentences } from '../../functions/domain/ai/text/grounding';
import type { AnalysisProvider } from '../../functions/domain/ai/port/analysis-provider';
import { localAsker } from '../../functions/domain/ai/providers/views';
import { proposeAnswer } from '../../functions/domain/ai/answer/propose-answer';
import { AskGoldQuestion, judgeQuestion, type QuestionResult } from '../../bench/eval/ask';
import type { LoadedCase } from './eval-harness';

export type Asker = Pick<AnalysisProvider, 'name' | 'ask'>;

/**
 * `copies`: each evidence item filed that many times (ids `<id>#<n>`), as the same document sits in a client's
 * library once per report that took it in.
 */
export async function askCase(c: LoadedCase, asker: Asker = localAsker(), copies = 1): Promise<QuestionResult[]> {
  const texts = new Map(c.texts);
  const sources = c.gold.evidence.flatMap((e) =>
    Array.from({ length: copies }, (_, n) => {
      const id = copies === 1 ? e.id : `${e.id}#${n}`;
      texts.set(id, c.texts.get(e.id) ?? '');
      return { id, title: e.title, text: c.texts.get(e.id) ?? '' };
    }),
  );
  const ignore = [c.gold.organization.name];
  const out: QuestionResult[] = [];
  for (const raw of c.gold.questions) {
    const q = z.parse(AskGoldQuestion, raw);
    const t0 = performance.now();
    const { proposed } = await proposeAnswer(q.question, sources, asker, ignore);
    const { kept } = groundSentences(proposed, (id) => texts.get(id), ignore);
    const ms = performance.now() - t0;
    const titles = new Map(sources.map((s) => [s.id, s.title]));
    const sentences = kept.map((k) => ({ ...k, quote: texts.get(k.evidence_id)!.slice(k.start, k.end), title: titles.get(k.evidence_id) ?? '' }));
    out.push(judgeQuestion(c.gold.id, q, sentences, texts, ignore, ms));
  }
  return out;
}
