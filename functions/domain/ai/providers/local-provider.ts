/**
 * The `local` provider: real, deterministic, offline analysis and drafting. Its analyser, context writer and
 * enhancer are the ones the lighter routes take on their own (./views.ts); steps 5–9 are drafted by the
 * analyst (../analyst/draft-steps.ts), which reads every sentence of every evidence item, so it asks the domain for the
 * full texts through `draftNeeds`. Used locally and in tests, and wherever no model is configured.
 */
import { createHash } from 'node:crypto';
import { draftWithAnalyst } from '../analyst/draft-steps';
import { canonicalInput, citationIdFor } from '../port/draft-contract';
import type { AnalysisProvider } from '../port/analysis-provider';
import { localAnalyzer, localAsker, localContextWriter, localEnhancer } from './views';

/** The name the local analyst gives in provenance records of drafts. */
const LOCAL_ANALYST_MODEL = 'assay-local-analyst-1';

export function createLocalProvider(): AnalysisProvider {
  return {
    ...localAnalyzer(),
    ...localContextWriter(),
    ...localEnhancer(),
    ...localAsker(),
    name: 'local',
    // the analyst reads the full texts; it cites exact spans of them, so it needs no passages
    draftNeeds: { texts: true, passages: false },
    draft: async (input) => {
      const { output } = await draftWithAnalyst(input, citationIdFor);
      // what it read: the canonical input and each full text (by hash), for the provenance record
      const texts = input.evidence.map((e) => createHash('sha256').update(e.text ?? '').digest('hex'));
      return { output, dropped: 0, model: LOCAL_ANALYST_MODEL, prompt: JSON.stringify({ input: canonicalInput(input), texts }) };
    },
  };
}
