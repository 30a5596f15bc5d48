/**
 * What an enhancer takes and gives (AI Enhance of a section's text), whichever provider enhances: the text, the
 * instruction, the report's evidence passages it may cite; the rewrite and the passages it cites anew.
 */
import type { CitationRef, EnhanceInstruction } from '@shared/schemas/report-document';

export interface EnhancePassage {
  ref: CitationRef;
  quote: string;
  title: string;
}

export interface EnhanceInput {
  text: string;
  instruction: EnhanceInstruction;
  custom: string;
  /** passages of the report's evidence (for "expand") */
  passages: readonly EnhancePassage[];
}

export interface EnhanceOutput {
  text: string;
  /** passages the rewrite cites that the original did not (with the mark it wrote, `[@<mark>]`) */
  added: { ref: CitationRef; mark: string }[];
}
