/**
 * The ai area's public API: what the other areas of its rank (content) take from it. Ask sits above ai and
 * answers through the asker, the epilogue, the token budget, provenance and the retrieval of evidence
 * sentences; conflicts reads the evidence as the analyst does; evidence analyses what is added with the ingest
 * analyser, from what it may know of the report. Nothing in ai imports those areas.
 */
export type { AnalysisInput, AnalysisProvider, AskPassage, AskProposal } from './port/analysis-provider';
export { getAnalyzer, getAsker } from './providers/views';
export { looksLikeInstruction, type ProposedAnswerSentence } from './providers/grounding';
export { processTerm, sentencesOf } from './retrieval/sentence-retrieval';
export { AiEpilogue } from './drafting/epilogue';
export { recordProvenance } from './drafting/provenance';
export { assertTokenBudget } from './drafting/token-budget';
export { reportContext } from './context/report-context';
export { analyse } from './analyst/analyse-evidence';
export type { Claim, FigureRef } from './analyst/claims';
export type { Person } from './analyst/titles';
