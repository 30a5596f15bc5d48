/**
 * The sections area's public API for the other content areas: the checks of citations against the stored
 * evidence texts (ai's epilogue and drafts), and a report's step data as its sections read it (evidence's
 * citation usage).
 */
export { EvidenceTexts, resolveCitationRefs } from './citation-check';
export { reportStepData } from './sections';
