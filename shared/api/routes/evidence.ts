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
  TablePageParams,
  UpdateEvidenceBody,
  UploadFields,
  UploadResponse,
  UrlEvidenceBody,
} from '@shared/schemas/evidence';
import { DataRoom, TablePage, TablePageQuery } from '@shared/schemas/data-room';
import { DeletedResponse, VersionedOk } from '@shared/schemas/organizations';
import { CitationUsage } from '@shared/schemas/report-document';
import { defineRoute, routeTable, S3_BUNDLE_KB, USER_LIMITS } from '../route-types';

/** The multipart body may hold a file of up to 4 MB (SMALL_UPLOAD_MAX_BYTES) plus its form fields. */
const SMALL_UPLOAD_BODY_BYTES = 4 * 1024 * 1024 + 64 * 1024;
/**
 * The routes that extract and analyse an uploaded file (sent in the request, or to S3 first): they bundle a worker
 * beside index.mjs; index.mjs itself carries S3 and DynamoDB, the wizard-data schemas (analysis reads the report's
 * objectives from its progress) and the Bedrock provider's drafting (BM25 retrieval with minisearch, grounding,
 * tool schemas from zod). They write the file and its text, and remove them again when the item cannot be kept.
 */
const EXTRACTS_UPLOADS = {
  size: 'large',
  bundleBudgetKb: 710,
  userLimit: USER_LIMITS.uploads,
  access: { table: 'readwrite', evidenceBucket: [{ actions: ['put', 'delete'], prefixes: ['evidence', 'pendingEvidence'] }, { actions: ['get'], prefixes: ['progress'] }], bedrock: true },
} as const;

/** Evidence: uploads, web pages, interview notes, and the report's evidence library (spec sections 3 and 7). */
export const evidenceRoutes = routeTable({
  uploadFile: defineRoute({
    method: 'POST',
    path: '/api/files/upload',
    handler: 'evidence/upload-file',
    summary: 'Upload one file of up to 4 MB (multipart: file, report_id, storage_type=local); extract and analyse it',
    bodyType: 'multipart',
    // the form's fields besides the file: validated (and its report_id checked) before the handler reads the file
    body: UploadFields,
    maxBodyBytes: SMALL_UPLOAD_BODY_BYTES,
    response: UploadResponse,
    ...EXTRACTS_UPLOADS,
  }),
  presignUpload: defineRoute({
    method: 'POST',
    path: '/api/files/presign',
    handler: 'evidence/presign-upload',
    summary: 'A presigned POST for a file of up to 100 MB, sent by the browser straight to S3',
    body: PresignBody,
    response: PresignResponse,
    bundleBudgetKb: 560, // S3 client plus @aws-sdk/s3-presigned-post
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['put'], prefixes: ['uploads'] }] },
  }),
  processUpload: defineRoute({
    method: 'POST',
    path: '/api/files/{file_id}/process',
    handler: 'evidence/process-upload',
    summary: 'Check, extract and analyse a file uploaded through a presigned POST',
    params: FileParams,
    body: ProcessBody,
    response: UploadResponse,
    ...EXTRACTS_UPLOADS,
    // and the staging object: read, copied to the evidence, removed
    access: { ...EXTRACTS_UPLOADS.access, evidenceBucket: [...EXTRACTS_UPLOADS.access.evidenceBucket, { actions: ['get', 'delete'], prefixes: ['uploads'] }] },
  }),
  addUrlEvidence: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/evidence/url',
    handler: 'evidence/add-url',
    summary: 'Fetch a web page (or PDF) safely, read and analyse it as evidence',
    params: ReportRefParams,
    body: UrlEvidenceBody,
    response: EvidenceCreated,
    size: 'large',
    bundleBudgetKb: 1010, // also linkedom and Readability, to read web pages; the Bedrock provider's drafting (+60)
    userLimit: USER_LIMITS.uploads,
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['put', 'delete'], prefixes: ['evidence', 'pendingEvidence'] }, { actions: ['get'], prefixes: ['progress'] }], bedrock: true },
  }),
  addInterviewEvidence: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/evidence/interview',
    handler: 'evidence/add-interview',
    summary: 'Interview notes as evidence, analysed',
    params: ReportRefParams,
    body: InterviewEvidenceBody,
    maxBodyBytes: 256 * 1024,
    response: EvidenceCreated,
    bundleBudgetKb: 660, // the analyser and its lexicons; the Bedrock provider's drafting (+60)
    userLimit: USER_LIMITS.uploads,
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['put', 'delete'], prefixes: ['evidence', 'pendingEvidence'] }, { actions: ['get'], prefixes: ['progress'] }], bedrock: true },
  }),
  listEvidence: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/evidence',
    handler: 'evidence/list-evidence',
    summary: 'A report\'s evidence; `q` searches titles, tags and extracted text, `type` filters',
    params: ReportRefParams,
    query: EvidenceListQuery,
    response: EvidenceList,
    bundleBudgetKb: 470, // the consulting charts' schemas and the session check
    userLimit: { ...USER_LIMITS.search, whenQuery: 'q' },
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['evidence', 'pendingEvidence'] }] },
  }),
  getEvidence: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/evidence/{evidence_id}',
    handler: 'evidence/get-evidence',
    summary: 'One evidence item with its extracted text',
    params: EvidenceParams,
    response: EvidenceItem,
    bundleBudgetKb: 475, // the client library: references resolved by BatchGet, files under the client
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['evidence', 'pendingEvidence'] }] },
  }),
  updateEvidence: defineRoute({
    method: 'PATCH',
    path: '/api/reports/{id}/evidence/{evidence_id}',
    handler: 'evidence/update-evidence',
    summary: 'Change an item\'s title, tags or linked dimensions; 409 when the version is stale',
    params: EvidenceParams,
    body: UpdateEvidenceBody,
    response: VersionedOk,
    bundleBudgetKb: 450,
    access: { table: 'readwrite' },
  }),
  deleteEvidence: defineRoute({
    method: 'DELETE',
    path: '/api/reports/{id}/evidence/{evidence_id}',
    handler: 'evidence/delete-evidence',
    summary: 'Delete an evidence item and its files',
    params: EvidenceParams,
    response: DeletedResponse,
    bundleBudgetKb: 475, // the client library: references resolved by BatchGet, files under the client
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['list', 'delete'], prefixes: ['evidence', 'pendingEvidence'] }] },
  }),
  claimEvidence: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/evidence/claim',
    handler: 'evidence/claim-evidence',
    summary: 'Move the evidence added under a wizard placeholder to the report setup created',
    params: ReportRefParams,
    body: ClaimBody,
    response: ClaimResponse,
    bundleBudgetKb: 475, // the client library: references resolved by BatchGet, files under the client
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['get', 'list', 'delete'], prefixes: ['pendingEvidence'] }, { actions: ['put'], prefixes: ['evidence'] }] },
  }),
  listDataTables: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/evidence/{evidence_id}/tables',
    handler: 'evidence/list-data-tables',
    summary: 'The tables found in a workbook or CSV item (sheets, headers, periods, units) and its KPIs with their formulas and cell ranges',
    params: EvidenceParams,
    response: DataRoom,
    // reads the tables' index from S3
    bundleBudgetKb: S3_BUNDLE_KB,
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['evidence'] }] },
  }),
  getTableRows: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/evidence/{evidence_id}/tables/{table_id}/rows',
    handler: 'evidence/get-table-rows',
    summary: 'A page of a table\'s rows (`offset`, `limit` up to 500), every cell with its address, value, number format and the text the sheet shows',
    params: TablePageParams,
    query: TablePageQuery,
    response: TablePage,
    // reads the table's pages from S3
    bundleBudgetKb: S3_BUNDLE_KB,
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['evidence'] }] },
  }),
  getCitationUsage: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/evidence/{evidence_id}/citations',
    handler: 'evidence/get-citation-usage',
    summary: 'Where an evidence item is cited (sections and wizard items), to warn before deleting it',
    params: EvidenceParams,
    response: CitationUsage,
    // reads the sections, which may be kept in S3
    bundleBudgetKb: S3_BUNDLE_KB,
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['progress', 'sections'] }] },
  }),
});
