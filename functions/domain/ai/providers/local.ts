/**
 * The `local` provider: real, deterministic, offline analysis and drafting (../local, ../drafting,
 * ../enhance). Used locally and in tests, and wherever no model is configured.
 */
import { canonicalInput, draftLocally } from '../drafting';
import { enhanceLocally } from '../enhance';
import { analyzeText, composeContext } from '../local';
import type { AnalysisProvider } from './port';

/** The name the local drafter gives in provenance records. */
export const LOCAL_DRAFTER_MODEL = 'assay-local-drafter-1';

export function createLocalProvider(): AnalysisProvider {
  return {
    name: 'local',
    // the findings step takes uncovered dimensions from more sentences of the texts; it writes from insights, not passages
    draftNeeds: { candidates: true, passages: false },
    analyze: async (input) => analyzeText(input),
    generateContext: async (input) => composeContext(input),
    draft: async (input) => ({ output: draftLocally(input), dropped: 0, model: LOCAL_DRAFTER_MODEL, prompt: canonicalInput(input) }),
    enhance: async (input, markFor) => ({
      output: enhanceLocally(input, markFor),
      model: LOCAL_DRAFTER_MODEL,
      prompt: JSON.stringify({ instruction: input.instruction, custom: input.custom, text: input.text }),
    }),
  };
}
