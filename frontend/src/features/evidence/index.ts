/** The evidence feature's public entry: what other features may use. */
export { useAddInterviewEvidence } from './api/add-interview-evidence';
export { useAddUrlEvidence } from './api/add-url-evidence';
export { useDeleteEvidence } from './api/delete-evidence';
export { useEvidenceItem } from './api/get-evidence';
export { evidenceKeys } from './api/keys';
export { useEvidenceList } from './api/list-evidence';
export { useDataRoom } from './api/list-data-tables';
export { useTableRows } from './api/get-table-rows';
export { useUpdateEvidence } from './api/update-evidence';
export { claimEvidence } from './api/claim-evidence';
export { confirmEvidenceDelete } from './lib/confirm-delete';
export { highlightSegments } from './lib/highlight';
export { RelevanceBadge } from './components/evidence-card';
export { AddEvidenceTabs } from './components/evidence-forms';
export { UploadPanel } from './components/upload-panel';
export { useFileUploads } from './hooks/use-file-uploads';
