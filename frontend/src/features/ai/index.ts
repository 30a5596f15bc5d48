/** The AI feature's public entry: drafting a step, enhancing a section, the business context, provenance. */
export { useDraftStep } from './api/draft-step';
export { isDraftJobActive, useDraftJob } from './api/get-draft-job';
export { generateContext } from './api/generate-context';
export { EnhanceDialog } from './components/enhance-dialog';
export { ProvenanceDialog } from './components/provenance-dialog';
