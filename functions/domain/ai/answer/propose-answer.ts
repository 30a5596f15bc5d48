/**
 * One question, up to the verification: the passages retrieved for it, what the provider proposes, and the
 * proposed sentences tied to their evidence items (a sentence citing a passage it was not shown points
 * nowhere and is counted). Pure but for the provider; the AI epilogue verifies what comes out.
 */
import type { AnalysisProvider, AskPassage, AskProposal } from '../port/analysis-provider';
import type { ProposedAnswerSentence } from '../text/grounding';
import { type AskSource, indexSources } from '../retrieval/question-index';

export interface Proposed {
  passages: AskPassage[];
  proposal: AskProposal;
  proposed: ProposedAnswerSentence[];
  /** sentences that cited a passage the provider was not shown */
  pointedNowhere: number;
}

export async function proposeAnswer(
  question: string,
  sources: readonly AskSource[],
  asker: Pick<AnalysisProvider, 'name' | 'ask'>,
  ignore: readonly string[],
  before?: () => Promise<void>,
): Promise<Proposed> {
  return proposeFromPassages(question, indexSources(sources).search(question), asker, ignore, before);
}

/** As proposeAnswer, from passages already retrieved (from a cached index, their titles read afresh). */
export async function proposeFromPassages(
  question: string,
  passages: AskPassage[],
  asker: Pick<AnalysisProvider, 'name' | 'ask'>,
  ignore: readonly string[],
  before?: () => Promise<void>,
): Promise<Proposed> {
  await before?.();
  const proposal: AskProposal = passages.length
    ? await asker.ask({ question, passages, ignore })
    : { sentences: [], model: asker.name, prompt: JSON.stringify({ question, passages: [] }) };
  const byRef = new Map(passages.map((p) => [p.ref, p]));
  const proposed = proposal.sentences.flatMap((s) => {
    const p = byRef.get(s.source);
    return p ? [{ text: s.text, evidence_id: p.evidence_id, quote: s.quote, title: p.title }] : [];
  });
  return { passages, proposal, proposed, pointedNowhere: proposal.sentences.length - proposed.length };
}
