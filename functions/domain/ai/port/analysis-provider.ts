/** The port every analysis provider (`local`, `bedrock`) fulfils: the domain asks through it and never names a provider. */
import type { Analysis, Insight } from '@shared/schemas/analysis';
import type { CitationRef } from '@shared/schemas/report-document';
import type { DraftInput, DraftOutput } from './draft-contract';
import type { EnhanceInput, EnhanceOutput } from './enhance-contract';

export type EvidenceType = 'file' | 'url' | 'interview';

export interface OrganizationProfile {
  name: string;
  sector?: string;
  geography?: string;
}

export interface AnalysisInput {
  /** the evidence's text (extracted from a file, read from a page, or typed interview notes) */
  text: string;
  title?: string;
  kind: EvidenceType;
  context?: {
    /** the report's objectives (purpose, scope), when known */
    objectives?: string;
    organization?: OrganizationProfile;
  };
}

export interface ContextEvidence {
  id: string;
  title: string;
  text: string;
  /** insights of an earlier analysis of `text`, when stored */
  insights?: Insight[];
}

export interface ContextInput {
  organization: OrganizationProfile;
  evidence: ContextEvidence[];
}

/**
 * Business-context paragraphs, in the order the SPA reads them once joined with blank lines: the first two
 * are company background, the next two market environment, the rest internal context.
 */
export interface GeneratedContext {
  paragraphs: { text: string; evidence_ids: string[] }[];
}

/** A drafted step, with what the provenance record needs. */
export interface DraftResult {
  output: DraftOutput;
  /** citations the model proposed that pointed nowhere (dropped before the server's own check) */
  dropped: number;
  /** claims a model wrote that its quotes do not support, left out (recorded in provenance) */
  flagged?: FlaggedClaim[];
  /** what the model calls cost (recorded in provenance, counted against the report's token budget) */
  usage?: ModelUsage;
  model: string;
  /** what was sent (or, for the local analyst, its canonical input and the hashes of the texts it read): hashed into the provenance record */
  prompt: string;
}

/** A claim left out of a draft: its step, its first words, why, and the figures or names its quotes lack. */
export interface FlaggedClaim {
  step: string;
  text: string;
  /** 'unfaithful': its quote does not bind the claim's measure, figures and direction in one clause (../drafting/faithfulness.ts) */
  reason: 'no-quote' | 'not-in-quote' | 'quote-is-instruction' | 'unfaithful';
  missing: string[];
}

/** The model calls behind one answer (a repair adds a second). */
export interface ModelUsage {
  model_id: string;
  input_tokens: number;
  output_tokens: number;
  latency_ms: number;
  /** the last call's stop reason */
  stop_reason: string;
  calls: number;
}

/**
 * What a drafter reads besides the evidence's stored insights; the domain builds only what is asked for
 * (both cost reads of the evidence texts).
 */
export interface DraftNeeds {
  /** the full text of every evidence item (DraftEvidence.text): the local analyst reads every sentence */
  texts: boolean;
  /** numbered passages: each insight with the text around it (DraftInput.passages) */
  passages: boolean;
}

/** A passage retrieved for a question (an exact span of an evidence item), as a provider is shown it. */
export interface AskPassage {
  /** the id the answer cites (E1, E2, …) */
  ref: string;
  evidence_id: string;
  title: string;
  start: number;
  end: number;
  text: string;
  score: number;
}

export interface AskInput {
  question: string;
  /** best first */
  passages: readonly AskPassage[];
  /** words the question may use without the evidence naming them (the organization's name) */
  ignore: readonly string[];
}

/** A sentence a provider proposes, with the passage it cites and the exact words that support it. */
export interface ProposedSentence {
  text: string;
  /** the passage's ref (E1…) */
  source: string;
  quote: string;
}

export interface AskProposal {
  sentences: ProposedSentence[];
  model: string;
  prompt: string;
  usage?: ModelUsage;
}

export interface AnalysisProvider {
  /** named in provenance records and answers; never branched on */
  readonly name: 'local' | 'bedrock';
  readonly draftNeeds: DraftNeeds;
  analyze(input: AnalysisInput): Promise<Analysis>;
  generateContext(input: ContextInput): Promise<GeneratedContext>;
  /** drafts one of steps 5–9 from the evidence and the steps before it */
  draft(input: DraftInput): Promise<DraftResult>;
  /** rewrites text of a section as instructed, keeping its citation marks; a model's tokens come back as `usage` (they count against the report's budget) */
  enhance(input: EnhanceInput, markFor: (ref: CitationRef) => string): Promise<{ output: EnhanceOutput; model: string; prompt: string; usage?: ModelUsage }>;
  /** answers a question from the passages retrieved for it, quoting them; no sentences when they do not answer it */
  ask(input: AskInput): Promise<AskProposal>;
}

/** Joins generated paragraphs the way the SPA splits them (on blank lines). */
export function joinParagraphs(context: GeneratedContext): string {
  return context.paragraphs.map((p) => p.text.replace(/\s*\n\s*/g, ' ').trim()).join('\n\n');
}
