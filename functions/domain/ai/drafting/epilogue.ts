/**
 * What every AI call that proposes text does before it answers (draft, enhance, ask): verify the citations the
 * provider proposed against the stored text (the quote is filled in from it, a stable id given), drop the
 * `[@id]` marks of what did not verify, and record provenance (provider, model, prompt hash, evidence, user,
 * and how many citations were dropped).
 */
import type { Citation, CitationRef, ProvenanceRecord } from '@shared/schemas/report-document';
import { EvidenceTexts, resolveCitationRefs } from '../../sections';
import type { ModelUsage } from '../port/analysis-provider';
import { citationIdFor } from '../port/draft-contract';
import { groundSentences, type GroundedSentence, type LeftOutSentence, type ProposedAnswerSentence } from '../text/grounding';
import { recordProvenance, type ProvenanceInput } from './provenance';

/** What a provider's answer says of the call that made it. */
export interface ModelCall {
  model: string;
  /** the prompt as sent (or, for the local provider, its input) */
  prompt: string;
  usage?: ModelUsage;
}

export class AiEpilogue {
  readonly source: EvidenceTexts;
  /** citations proposed that did not verify, so far */
  private dropped = 0;

  /** `library`: a client whose library items verify too (a client-scope answer's), see EvidenceTexts. */
  constructor(
    private readonly reportId: string,
    library?: string,
  ) {
    this.source = new EvidenceTexts(reportId, library);
  }

  /** The proposed references that hold, as citations with their stored quote and stable id; the rest are counted. */
  async verify(refs: readonly CitationRef[]): Promise<Citation[]> {
    const out = await resolveCitationRefs(refs, this.source, () => '');
    this.dropped += out.dropped;
    return out.citations.map((c) => ({ ...c, id: citationIdFor(c) }));
  }

  /**
   * An answer's sentences that hold (../text/grounding.ts groundSentences over the stored texts), each with its
   * verified citation; the sentences left out are counted as dropped citations.
   */
  async groundAnswer(proposed: readonly ProposedAnswerSentence[], allowed: readonly string[] = []): Promise<{ sentences: (GroundedSentence & { citation: Citation })[]; left: LeftOutSentence[] }> {
    const texts = new Map<string, string | undefined>();
    for (const id of new Set(proposed.map((p) => p.evidence_id))) texts.set(id, await this.source.text(id));
    const { kept, left } = groundSentences(proposed, (id) => texts.get(id), allowed);
    this.dropped += left.length;
    const sentences: (GroundedSentence & { citation: Citation })[] = [];
    for (const s of kept) {
      const [citation] = await this.verify([{ evidence_id: s.evidence_id, start: s.start, end: s.end }]);
      if (citation) sentences.push({ ...s, citation });
    }
    return { sentences, left };
  }

  /** `text` without the marks among `marks` whose citation is not in `kept`: a citation that did not verify leaves no mark behind. */
  dropMarks(text: string, marks: Iterable<string>, kept: ReadonlySet<string>): string {
    let out = text;
    for (const id of marks) if (!kept.has(id)) out = out.split(`[@${id}]`).join('');
    return out;
  }

  /**
   * The provenance record of a provider's call: the model, prompt and tokens its answer names; its dropped count
   * is what did not verify here plus `droppedBefore` (what the provider itself dropped, such as citations that
   * pointed nowhere).
   */
  record(provider: string, call: ModelCall, input: Omit<ProvenanceInput, 'reportId' | 'citationsDropped' | 'provider' | keyof ModelCall> & { droppedBefore?: number }): Promise<ProvenanceRecord> {
    const { droppedBefore = 0, ...rest } = input;
    const { model, prompt, usage } = call;
    return recordProvenance({ ...rest, provider, model, prompt, ...(usage ? { usage } : {}), reportId: this.reportId, citationsDropped: this.totalDropped(droppedBefore) });
  }

  totalDropped(droppedBefore = 0): number {
    return this.dropped + droppedBefore;
  }
}
