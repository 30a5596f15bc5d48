/**
 * "Ask the evidence" through Bedrock: the question and the passages retrieved for it, fenced as data; the
 * model answers through the drafting tool with sentences that each cite a passage and quote its exact words,
 * or says the passages do not answer. What it returns goes through the same verification as a draft
 * (../drafting/epilogue.ts): a quote not in the evidence, or a sentence whose figures or names its quote lacks, is
 * left out.
 */
import * as z from 'zod/mini';
import { fence } from '../text/grounding';
import type { AskInput, ProposedSentence } from '../port/analysis-provider';

export const ModelAnswer = z.object({
  /** false: the passages do not answer the question */
  answered: z.boolean(),
  sentences: z
    .array(
      z.object({
        text: z.string().check(z.minLength(1), z.maxLength(1000)),
        source: z.string().check(z.regex(/^E\d{1,3}$/, 'source must be a passage id such as E1')),
        quote: z.string().check(z.minLength(3), z.maxLength(1000)),
      }),
    )
    .check(z.maxLength(6)),
});
export type ModelAnswer = z.infer<typeof ModelAnswer>;

export function askPrompt(input: AskInput): string {
  return [
    'Answer the consultant\'s question below from the evidence passages only.',
    'Rules:',
    '- Write at most 4 short sentences. Each sentence cites one passage in "source" (its id, such as E2) and copies in "quote" the exact words of that passage that support it.',
    '- Every figure and every name in a sentence must appear in its quote. Do not compute, round or convert figures.',
    '- Name the source in the sentence when it helps ("The CFO says …").',
    '- If the passages do not answer the question, return {"answered": false, "sentences": []}. Never guess and never use knowledge from outside the passages.',
    '<question>',
    input.question.replace(/<\/?question>/gi, ''),
    '</question>',
    fence(input.passages.map((p) => ({ id: p.ref, title: p.title, text: p.text }))),
  ].join('\n');
}

/** The model's sentences as proposals (a source it was not shown is left for the epilogue to drop). */
export function fromModelAnswer(answer: ModelAnswer): ProposedSentence[] {
  if (!answer.answered) return [];
  return answer.sentences.map((s) => ({ text: s.text, source: s.source, quote: s.quote }));
}
