/** Ask the evidence: the panel beside the editor and on the Evidence page, and its calls. */
export { AskPanel } from './components/ask-panel';
export { appendAnswer } from './lib/append';
export { useAskEvidence } from './api/ask-evidence';
