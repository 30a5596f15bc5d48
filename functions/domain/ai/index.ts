/**
 * The ai area's public API: what the other areas of its rank (content) take from it. Ask sits above ai: its
 * route asks a question through the retrieval of passages (an index per scope, cached), the asker the provider
 * offers, the epilogue and the token budget, and records an answer's placement in provenance. Conflicts are the
 * analyst's reading of the evidence; evidence analyses what is added with the ingest analyser. Nothing in ai
 * imports those areas.
 */
export type { AnalysisInput } from './port/analysis-provider';
export { getAnalyzer, getAsker } from './providers/views';
export type { AskSource } from './retrieval/question-index';
export { cachedIndex, membersVersion } from './retrieval/question-index-cache';
export { proposeFromPassages } from './answer/propose-answer';
export { AiEpilogue } from './drafting/epilogue';
export { recordProvenance } from './drafting/provenance';
export { assertTokenBudget } from './drafting/token-budget';
export { detectConflicts } from './analyst/detect-conflicts';
export { measuresIn } from './analyst/measures';
