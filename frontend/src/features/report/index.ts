/** The report document feature's public entry: shared by the wizard, the editor, the visuals and the exports. */
export * from './api/report-api';
export { CitationChips } from './components/citation-chips';
export { CitationPicker } from './components/citation-picker';
export { CitationReaderProvider, useCitationReader } from './components/citation-reader';
export { ConsistencyPanel } from './components/consistency-panel';
export { ReportPreview, reportNumbering, SectionPreview, type PreviewSection, type VisualRenderer } from './components/report-preview';
