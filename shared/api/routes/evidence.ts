import {
  ClaimBody,
  ClaimResponse,
  EvidenceCreated,
  EvidenceItem,
  EvidenceList,
  EvidenceListQuery,
  EvidenceParams,
  FileParams,
  InterviewEvidenceBody,
  PresignBody,
  PresignResponse,
  ProcessBody,
  ReportRefParams,
  UpdateEvidenceBody,
  UploadResponse,
  UrlEvidenceBody,
} from '@shared/schemas/evidence';
import { DeletedResponse, VersionedOk } from '@shared/schemas/organizations';
import { CitationUsage } from '@shared/schemas/report-document';
import { defineRoute, type RouteDef } from '../route-types';

/** The multipart body may hold a file of up to 4 MB (SMALL_UPLOAD_MAX_BYTES) plus its form fields. */
const SMALL_UPLOAD_BODY_BYTES = 4 * 1024 * 1024 + 64 * 1024;
/**
 * Functions that extract text bundle a worker beside index.mjs; index.mjs itself carries S3 and DynamoDB, and
 * the wizard-data schemas (analysis reads the report's objectives from its progress).
 */
// +60 KB: the Bedrock provider's drafting comes with it (BM25 retrieval with minisearch, grounding, tool schemas from zod)
const EXTRACTING_BUNDLE_KB = 710;

/** Evidence: uploads, web pages, interview notes, and the report's evidence library (spec sections 3 and 7). */
export const evidenceRoutes = {
  uploadFile: defineRoute({
    id: 'uploadFile',
    method: 'POST',
    path: '/api/files/upload',
    handler: 'evidence/upload-file',
    auth: 'user',
    summary: 'Upload one file of up to 4 MB (multipart: file, report_id, storage_type=local); extract and analyse it',
    bodyType: 'multipart',
    maxBodyBytes: SMALL_UPLOAD_BODY_BYTES,
    response: UploadResponse,
    size: 'large',
    bundleBudgetKb: EXTRACTING_BUNDLE_KB,
    userLimit: { counter: 'uploads', perMinute: 120 },
    access: { table: 'readwrite', evidenceBucket: ['get', 'put', 'delete'], bedrock: true },
  }),
  presignUpload: defineRoute({
    id: 'presignUpload',
    method: 'POST',
    path: '/api/files/presign',
    handler: 'evidence/presign-upload',
    auth: 'user',
    summary: 'A presigned POST for a file of up to 100 MB, sent by the browser straight to S3',
    body: PresignBody,
    response: PresignResponse,
    bundleBudgetKb: 560, // S3 client plus @aws-sdk/s3-presigned-post
    access: { table: 'readwrite', evidenceBucket: ['put'] },
  }),
  processUpload: defineRoute({
    id: 'processUpload',
    method: 'POST',
    path: '/api/files/{file_id}/process',
    handler: 'evidence/process-upload',
    auth: 'user',
    summary: 'Check, extract and analyse a file uploaded through a presigned POST',
    params: FileParams,
    body: ProcessBody,
    response: UploadResponse,
    size: 'large',
    bundleBudgetKb: EXTRACTING_BUNDLE_KB,
    userLimit: { counter: 'uploads', perMinute: 120 },
    access: { table: 'readwrite', evidenceBucket: ['get', 'put', 'delete'], bedrock: true },
  }),
  addUrlEvidence: defineRoute({
    id: 'addUrlEvidence',
    method: 'POST',
    path: '/api/reports/{id}/evidence/url',
    handler: 'evidence/add-url',
    auth: 'user',
    summary: 'Fetch a web page (or PDF) safely, read and analyse it as evidence',
    params: ReportRefParams,
    body: UrlEvidenceBody,
    response: EvidenceCreated,
    size: 'large',
    bundleBudgetKb: 1010, // also linkedom and Readability, to read web pages; the Bedrock provider's drafting (+60)
    userLimit: { counter: 'uploads', perMinute: 120 },
    access: { table: 'readwrite', evidenceBucket: ['get', 'put'], bedrock: true },
  }),
  addInterviewEvidence: defineRoute({
    id: 'addInterviewEvidence',
    method: 'POST',
    path: '/api/reports/{id}/evidence/interview',
    handler: 'evidence/add-interview',
    auth: 'user',
    summary: 'Interview notes as evidence, analysed',
    params: ReportRefParams,
    body: InterviewEvidenceBody,
    maxBodyBytes: 256 * 1024,
    response: EvidenceCreated,
    bundleBudgetKb: 660, // the analyser and its lexicons; the Bedrock provider's drafting (+60)
    userLimit: { counter: 'uploads', perMinute: 120 },
    access: { table: 'readwrite', evidenceBucket: ['get', 'put'], bedrock: true },
  }),
  listEvidence: defineRoute({
    id: 'listEvidence',
    method: 'GET',
    path: '/api/reports/{id}/evidence',
    handler: 'evidence/list-evidence',
    auth: 'user',
    summary: 'A report\'s evidence; `q` searches titles, tags and extracted text, `type` filters',
    bodyType: 'none',
    params: ReportRefParams,
    query: EvidenceListQuery,
    response: EvidenceList,
    bundleBudgetKb: 470, // 450 until main's consulting charts and this branch's session check met (451 KB)
    userLimit: { counter: 'search', perMinute: 120, whenQuery: 'q' },
    access: { table: 'read', evidenceBucket: ['get'] },
  }),
  getEvidence: defineRoute({
    id: 'getEvidence',
    method: 'GET',
    path: '/api/reports/{id}/evidence/{evidence_id}',
    handler: 'evidence/get-evidence',
    auth: 'user',
    summary: 'One evidence item with its extracted text',
    bodyType: 'none',
    params: EvidenceParams,
    response: EvidenceItem,
    bundleBudgetKb: 475, // 460 until the client library (issue 25): references resolved by BatchGet, files under the client (~463 KB)
    access: { table: 'read', evidenceBucket: ['get'] },
  }),
  updateEvidence: defineRoute({
    id: 'updateEvidence',
    method: 'PATCH',
    path: '/api/reports/{id}/evidence/{evidence_id}',
    handler: 'evidence/update-evidence',
    auth: 'user',
    summary: 'Change an item\'s title, tags or linked dimensions; 409 when the version is stale',
    params: EvidenceParams,
    body: UpdateEvidenceBody,
    response: VersionedOk,
    bundleBudgetKb: 450,
    access: { table: 'readwrite' },
  }),
  deleteEvidence: defineRoute({
    id: 'deleteEvidence',
    method: 'DELETE',
    path: '/api/reports/{id}/evidence/{evidence_id}',
    handler: 'evidence/delete-evidence',
    auth: 'user',
    summary: 'Delete an evidence item and its files',
    bodyType: 'none',
    params: EvidenceParams,
    response: DeletedResponse,
    bundleBudgetKb: 475, // 460 until the client library (issue 25): references resolved by BatchGet, files under the client (~463 KB)
    access: { table: 'readwrite', evidenceBucket: ['list', 'delete'] },
  }),
  claimEvidence: defineRoute({
    id: 'claimEvidence',
    method: 'POST',
    path: '/api/reports/{id}/evidence/claim',
    handler: 'evidence/claim-evidence',
    auth: 'user',
    summary: 'Move the evidence added under a wizard placeholder to the report setup created',
    params: ReportRefParams,
    body: ClaimBody,
    response: ClaimResponse,
    bundleBudgetKb: 475, // 460 until the client library (issue 25): references resolved by BatchGet, files under the client (~463 KB)
    access: { table: 'readwrite', evidenceBucket: ['get', 'put', 'list', 'delete'] },
  }),
  getCitationUsage: defineRoute({
    id: 'getCitationUsage',
    method: 'GET',
    path: '/api/reports/{id}/evidence/{evidence_id}/citations',
    handler: 'evidence/get-citation-usage',
    auth: 'user',
    summary: 'Where an evidence item is cited (sections and wizard items), to warn before deleting it',
    bodyType: 'none',
    params: EvidenceParams,
    response: CitationUsage,
    // reads the sections, which may be kept in S3
    bundleBudgetKb: 500,
    access: { table: 'read', evidenceBucket: ['get'] },
  }),
} as const satisfies Record<string, RouteDef>;
