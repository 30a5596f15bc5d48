/** The evidence feature's public entry: what other features may use. */
export { evidenceKeys, useAddInterviewEvidence, useAddUrlEvidence, useDeleteEvidence, useEvidenceItem, useEvidenceList, useUpdateEvidence } from './api/evidence';
export { claimEvidence } from './api/claim-evidence';
export { confirmEvidenceDelete } from './lib/confirm-delete';
export { highlightSegments } from './lib/highlight';
export { RelevanceBadge } from './components/evidence-card';
export { AddEvidenceTabs } from './components/evidence-forms';
export { UploadPanel } from './components/upload-panel';
export { useFileUploads } from './hooks/use-file-uploads';
