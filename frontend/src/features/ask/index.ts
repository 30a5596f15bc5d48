/** Ask the evidence (issue 25): the panel beside the editor and on the Evidence page, and its calls. */
export { askEvidence, useAskEvidence } from './api/ask-evidence';
export { recordPlacement } from './api/record-placement';
export { AskPanel, type AskPanelProps } from './components/ask-panel';
export { appendAnswer } from './lib/append';
