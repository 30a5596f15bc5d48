/**
 * The evaluation of "Ask the evidence" on the gold set's questions (test/fixtures/eval/<case>/case.json,
 * `questions`): answer correctness (an expected figure is in the answer), citation precision (every
 * sentence's quote is verbatim the evidence at its span and states the sentence's figures and names), and
 * "not in the evidence" said for the questions the evidence does not answer. Pure: the harness
 * (test/helpers/ask-eval.ts) runs the questions; `npm run eval` and test/unit/ask.test.ts read the result.
 */
import * as z from 'zod/mini';
import { checkClaim } from '../../functions/domain/ai/text/grounding';
import { figuresIn, sameFigure } from './drafts';

export const AskGoldQuestion = z.object({
  id: z.string().check(z.minLength(1)),
  question: z.string().check(z.minLength(1)),
  /** any one of these figures, as the evidence writes it, makes the answer correct */
  expected: z.array(z.string()),
  /** the evidence does not answer it: the right answer is "not in the evidence" */
  unanswerable: z._default(z.boolean(), false),
});
export type AskGoldQuestion = z.infer<typeof AskGoldQuestion>;

export interface AnsweredSentence {
  text: string;
  evidence_id: string;
  start: number;
  end: number;
  quote: string;
  title: string;
}

export interface QuestionResult {
  case: string;
  id: string;
  question: string;
  unanswerable: boolean;
  sentences: AnsweredSentence[];
  /** answerable: an expected figure is in the answer; unanswerable: nothing was answered */
  correct: boolean;
  /** sentences whose citation holds (verbatim quote, figures and names in it) */
  precise: number;
  ms: number;
}

export function judgeQuestion(
  caseId: string,
  q: AskGoldQuestion,
  sentences: readonly AnsweredSentence[],
  texts: ReadonlyMap<string, string>,
  allowed: readonly string[],
  ms = 0,
): QuestionResult {
  const expected = q.expected.flatMap((f) => figuresIn(f));
  const stated = sentences.flatMap((s) => figuresIn(s.text));
  const correct = q.unanswerable ? sentences.length === 0 : expected.some((e) => stated.some((s) => sameFigure(e, s)));
  const precise = sentences.filter((s) => texts.get(s.evidence_id)?.slice(s.start, s.end) === s.quote && checkClaim(s.text, [s.quote], [s.title, ...allowed]).ok).length;
  return { case: caseId, id: q.id, question: q.question, unanswerable: q.unanswerable, sentences: [...sentences], correct, precise, ms };
}

export interface AskSummary {
  answerable: number;
  correct: number;
  unanswerable: number;
  notInEvidence: number;
  sentences: number;
  precise: number;
  citationPrecision: number;
}

export function summariseAsk(results: readonly QuestionResult[]): AskSummary {
  const answerable = results.filter((r) => !r.unanswerable);
  const unanswerable = results.filter((r) => r.unanswerable);
  const sentences = results.reduce((n, r) => n + r.sentences.length, 0);
  const precise = results.reduce((n, r) => n + r.precise, 0);
  return {
    answerable: answerable.length,
    correct: answerable.filter((r) => r.correct).length,
    unanswerable: unanswerable.length,
    notInEvidence: unanswerable.filter((r) => r.correct).length,
    sentences,
    precise,
    citationPrecision: sentences ? precise / sentences : 1,
  };
}
