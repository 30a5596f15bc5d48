import { Ok } from '@shared/schemas/common';
import {
  AcceptDraftBody,
  AcceptDraftResponse,
  CompleteStepBody,
  CompleteStepResponse,
  DraftParams,
  PendingDraftResponse,
  Progress,
  ReportIdParams,
  SavedFileContent,
  SavedFileList,
  SavedFileParams,
  SaveFileBody,
  SaveFileQuery,
  SaveFileResponse,
  SaveProgressBody,
  SaveProgressResponse,
  SetupBody,
  SetupResponse,
  StepParams,
} from '@shared/schemas/wizard';
import { defineRoute, routeTable, S3_BUNDLE_KB } from '../route-types';

/** complete-step composes sections, setup claims evidence: those modules too */
const WORKFLOW_BUNDLE_KB = 600;
/** a body of step data (the progress, a step, a draft accepted into it, a saved snapshot) may reach 2 MB */
const STEP_DATA_BODY_BYTES = 2 * 1024 * 1024;
/** the routes that write step data: a step too large for an item is kept in S3, where it is read, written and removed */
const WRITES_STEP_DATA = { maxBodyBytes: STEP_DATA_BODY_BYTES, access: { table: 'readwrite', evidenceBucket: [{ actions: ['get', 'put', 'delete'], prefixes: ['progress'] }, { actions: ['get'], prefixes: ['evidence'] }] } } as const;

/** The report wizard: progress, its workflows (complete a step, setup, AI drafts for review) and saved report files (spec section 7). */
export const wizardRoutes = routeTable({
  getProgress: defineRoute({
    method: 'GET',
    path: '/api/wizard-progress/{report_id}',
    handler: 'wizard/get-progress',
    summary: 'A report\'s saved wizard progress, assembled from its steps, with each step\'s version and last writer',
    params: ReportIdParams,
    response: Progress,
    bundleBudgetKb: S3_BUNDLE_KB,
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['progress'] }] },
  }),
  saveProgress: defineRoute({
    method: 'POST',
    path: '/api/wizard-progress',
    handler: 'wizard/save-progress',
    summary: 'Save wizard progress (split into its steps); 409 naming who saved when someone else changed the same step',
    body: SaveProgressBody,
    scope: { unchecked: { 'wizard_data.finalize.cover.client': "the client's name as the cover prints it: text, not an id" } },
    response: SaveProgressResponse,
    bundleBudgetKb: S3_BUNDLE_KB,
    ...WRITES_STEP_DATA,
  }),
  completeStep: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/steps/{step}/complete',
    handler: 'wizard/complete-step',
    summary: 'Complete a wizard step: validate, store, record and compose its sections (edited ones are listed, not overwritten); idempotent',
    params: StepParams,
    body: CompleteStepBody,
    response: CompleteStepResponse,
    // and the Lambda client, to start the ledger's worker (about 60 KB)
    bundleBudgetKb: WORKFLOW_BUNDLE_KB + 80,
    maxBodyBytes: WRITES_STEP_DATA.maxBodyBytes,
    // a section it composes too large to compute its ledger part on this request is handed to the ledger's worker
    access: { ...WRITES_STEP_DATA.access, invoke: ['ledgerParts'] },
  }),
  completeSetup: defineRoute({
    method: 'POST',
    path: '/api/wizard/setup',
    handler: 'wizard/complete-setup',
    summary: 'Complete Project Setup: organization, report and progress in one transaction, idempotent by idempotency_key; with ids, updates both',
    body: SetupBody,
    response: SetupResponse,
    bundleBudgetKb: WORKFLOW_BUNDLE_KB,
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['get', 'put', 'delete'], prefixes: ['progress'] }, { actions: ['get', 'put'], prefixes: ['evidence'] }, { actions: ['get', 'list', 'delete'], prefixes: ['pendingEvidence'] }] },
  }),
  getPendingDraft: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/drafts/{step}',
    handler: 'wizard/get-pending-draft',
    summary: 'The AI draft of a step waiting for review (null when none waits)',
    params: DraftParams,
    response: PendingDraftResponse,
    bundleBudgetKb: S3_BUNDLE_KB,
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['drafts'] }] },
  }),
  acceptDraft: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/drafts/{step}/accept',
    handler: 'wizard/accept-draft',
    summary: 'Merge the pending AI draft of a step (all or chosen items; replace or append) into the step; idempotent',
    params: DraftParams,
    body: AcceptDraftBody,
    response: AcceptDraftResponse,
    bundleBudgetKb: S3_BUNDLE_KB,
    ...WRITES_STEP_DATA,
  }),
  discardDraft: defineRoute({
    method: 'DELETE',
    path: '/api/reports/{id}/drafts/{step}',
    handler: 'wizard/discard-draft',
    summary: 'Discard the pending AI draft of a step',
    params: DraftParams,
    response: Ok,
    bundleBudgetKb: S3_BUNDLE_KB,
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['delete'], prefixes: ['drafts'] }] },
  }),
  saveReportFile: defineRoute({
    method: 'POST',
    path: '/api/save-report-file/{report_id}',
    handler: 'wizard/save-report-file',
    summary: 'Save a named snapshot of the wizard data (query: file_name, data; or the same as a JSON body)',
    params: ReportIdParams,
    query: SaveFileQuery,
    body: SaveFileBody,
    maxBodyBytes: STEP_DATA_BODY_BYTES,
    response: SaveFileResponse,
    bundleBudgetKb: 465, // the session and access checks, the users' clients and the duplicate index keys
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['put'], prefixes: ['savedFiles'] }] },
  }),
  listReportFiles: defineRoute({
    method: 'GET',
    path: '/api/save-report-file/{report_id}',
    handler: 'wizard/list-report-files',
    summary: 'A report\'s saved report files, newest first',
    params: ReportIdParams,
    response: SavedFileList,
    bundleBudgetKb: 450,
    access: { table: 'read' },
  }),
  getReportFile: defineRoute({
    method: 'GET',
    path: '/api/save-report-file/{report_id}/{file_id}',
    handler: 'wizard/get-report-file',
    summary: 'One saved report file with its data, to restore it',
    params: SavedFileParams,
    response: SavedFileContent,
    bundleBudgetKb: 465, // the session and access checks, the users' clients and the duplicate index keys
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['savedFiles'] }] },
  }),
});
