/** The report document's sections: their calls and the pieces that show them, shared by the wizard, the editor, the visuals and the exports. */
export { composeSections } from './api/compose-sections';
export { useConsistency } from './api/get-consistency';
export { getSection } from './api/get-section';
export { useSectionVersion } from './api/get-section-version';
export { sectionKeys, useInvalidateReport } from './api/keys';
export { listSections, useSections } from './api/list-sections';
export { useSectionVersions } from './api/list-section-versions';
export { restoreSectionVersion } from './api/restore-section-version';
export { saveSection } from './api/save-section';
export { DiffView } from './components/diff-view';
export { droppedCitations, keepCitations, wordDiff } from './lib/diff';
export { CitationChips } from './components/citation-chips';
export { CitationPicker } from './components/citation-picker';
export { CitationReaderProvider } from './components/citation-reader';
export { ConsistencyPanel } from './components/consistency-panel';
export { reportNumbering, SectionPreview, type VisualRenderer } from './components/report-preview';
