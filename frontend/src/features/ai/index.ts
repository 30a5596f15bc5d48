/** The AI feature's public entry: drafting a step, enhancing a section, the business context, provenance. */
export { draftStep, useDraftStep } from './api/draft-step';
export { draftJobKey, getDraftJob, isDraftJobActive, useDraftJob } from './api/get-draft-job';
export { enhanceSection, useEnhanceSection, type EnhanceInput } from './api/enhance-section';
export { generateContext } from './api/generate-context';
export { listProvenance, provenanceKey, useProvenance } from './api/list-provenance';
export { EnhanceDialog } from './components/enhance-dialog';
export { ProvenanceDialog } from './components/provenance-dialog';
