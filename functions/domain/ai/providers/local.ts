/**
 * The `local` provider: real, deterministic, offline analysis and drafting. Ingest analysis and the business
 * context come from ../local, enhancing from ../enhance, and steps 5–9 from the analyst (../analyst: it reads
 * every sentence of every evidence item, so it asks the domain for the full texts through `draftNeeds`).
 * Used locally and in tests, and wherever no model is configured.
 */
import { createHash } from 'node:crypto';
import { draftWithAnalyst } from '../analyst';
import { canonicalInput, citationIdFor } from '../drafting';
import { enhanceLocally } from '../enhance';
import { analyzeText, composeContext } from '../local';
import type { AnalysisProvider } from './port';

/** The name the local analyst gives in provenance records of drafts. */
export const LOCAL_ANALYST_MODEL = 'assay-local-analyst-1';
/** The name the local enhancer gives in provenance records of enhancements. */
export const LOCAL_DRAFTER_MODEL = 'assay-local-drafter-1';

export function createLocalProvider(): AnalysisProvider {
  return {
    name: 'local',
    // the analyst reads the full texts; it cites exact spans of them, so it needs no passages
    draftNeeds: { texts: true, passages: false },
    analyze: async (input) => analyzeText(input),
    generateContext: async (input) => composeContext(input),
    draft: async (input) => {
      const { output } = await draftWithAnalyst(input, citationIdFor);
      // what it read: the canonical input and each full text (by hash), for the provenance record
      const texts = input.evidence.map((e) => createHash('sha256').update(e.text ?? '').digest('hex'));
      return { output, dropped: 0, model: LOCAL_ANALYST_MODEL, prompt: JSON.stringify({ input: canonicalInput(input), texts }) };
    },
    enhance: async (input, markFor) => ({
      output: enhanceLocally(input, markFor),
      model: LOCAL_DRAFTER_MODEL,
      prompt: JSON.stringify({ instruction: input.instruction, custom: input.custom, text: input.text }),
    }),
  };
}
