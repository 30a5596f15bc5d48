/**
 * Export jobs as the API offers them: start one (202 at once; the worker builds the file), read its status
 * (with a short-lived download link once done), list a report's earlier exports.
 */
import { EXPORT_STALE_SECONDS } from '@shared/api/workers';
import { exportsDetails } from '@shared/messages/exports';
import { systemDetails } from '@shared/messages/system';
import { DOWNLOAD_LINK_SECONDS, type CreateExportBody, type CreateExportResponse, type ExportJob, type ExportList, type ExportStatusResponse } from '@shared/schemas/exports';
import { SECTION_KEYS, SECTION_TITLES } from '@shared/schemas/report-document';
import { putAudit } from '../../data/audit-repo';
import { InvalidCursorError } from '../../data/cursor';
import { presignDownload } from '../../data/download-signer';
import { claimExportSlot, getExport, insertExport, listExports, releaseExportSlot, sectionStates, updateActiveExport, type ExportRecord } from '../../data/exports-repo';
import { countEvent } from '../../data/rate-limits';
import { startWorker } from '../../data/worker-invoker';
import { BadRequestError, NotFoundError, ServiceUnavailableError, TooManyRequestsError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { ReportInContext } from '../../lib/middleware/types';
import { uuidv7, uuidv7Time } from '../../lib/uuidv7';
import { finalGate } from '../reviews/gate';
import { contentDisposition } from './file-names';

/** How many exports of one report may be queued or running at once. */
export const MAX_ACTIVE_EXPORTS = 3;
/** How many exports one user may start a minute (counted atomically, so parallel requests cannot pass it). */
export const EXPORTS_PER_MINUTE = 10;

/** An export slot whose job began longer ago than its worker can run is held by a dead job: free again. */
export const slotIsStale = (exportId: string, now = Date.now()): boolean => {
  const made = uuidv7Time(exportId);
  return !Number.isFinite(made) || now - made > EXPORT_STALE_SECONDS * 1000;
};

/** A job still queued or running long after its worker's timeout died with it: it reads as failed. */
function present(record: ExportRecord, now = Date.now()): ExportJob {
  const stale = (record.status === 'queued' || record.status === 'running') && now - Date.parse(record.updated_at) > EXPORT_STALE_SECONDS * 1000;
  const { file_key: _k, content_type: _c, ...job } = record;
  return stale ? { ...job, status: 'failed', stage: 'failed', error: exportsDetails.exportTimedOut } : job;
}

/** The approvals of the exported sections (a Final report's export records what it was made from). */
async function approvalsOf(report: ReportInContext['report'], sections: readonly string[]): Promise<NonNullable<ExportRecord['approvals']>> {
  const { approved } = await finalGate(report.id, report.approvals_from);
  const out: NonNullable<ExportRecord['approvals']> = {};
  for (const s of approved) {
    if (!sections.includes(s.key) || !s.review?.decided_by || !s.review.decided_at) continue;
    out[s.key] = { version: s.version, approved_by: s.review.decided_by.username, approved_at: s.review.decided_at };
  }
  return out;
}

export async function createExport({ report }: ReportInContext, body: CreateExportBody, user: string): Promise<CreateExportResponse> {
  const reportId = report.id;
  // report order, each key once; only sections with something written are exported
  const selected = SECTION_KEYS.filter((k) => body.sections.includes(k));
  const states = new Map((await sectionStates(reportId)).map((s) => [s.key, s]));
  const written = selected.filter((k) => (states.get(k)?.chars ?? 0) > 0);
  if (!written.length) throw new BadRequestError(exportsDetails.exportSectionsEmpty(selected.map((k) => SECTION_TITLES[k])));

  if ((await countEvent('exports', user, 60)) > EXPORTS_PER_MINUTE) throw new TooManyRequestsError(exportsDetails.exportsTooFast(EXPORTS_PER_MINUTE), 60);
  const id = uuidv7();
  // one of the report's slots, taken atomically (reading the running jobs and then writing would let parallel
  // starts past the limit); a slot whose export is older than its worker could run is free again
  if (!(await claimExportSlot(reportId, id, MAX_ACTIVE_EXPORTS, slotIsStale))) throw new TooManyRequestsError(exportsDetails.exportsBusy(MAX_ACTIVE_EXPORTS), 10);

  const now = new Date().toISOString();
  const record: ExportRecord = {
    id,
    report_id: reportId,
    format: body.format,
    sections: written,
    extras: [...new Set(body.extras)],
    section_versions: Object.fromEntries(written.map((k) => [k, states.get(k)?.version ?? 0])),
    report_version: report.version,
    approvals: report.status === 'Final' ? await approvalsOf(report, written) : null,
    status: 'queued',
    progress: 0,
    stage: 'queued',
    error: null,
    file_key: null,
    file_name: null,
    content_type: null,
    size: null,
    created_by: user,
    created_at: now,
    updated_at: now,
    completed_at: null,
  };
  try {
    await insertExport(record);
  } catch (error) {
    await releaseExportSlot(reportId, id).catch(() => undefined);
    throw error;
  }
  try {
    await startWorker('exportReport', { report_id: reportId, export_id: id });
  } catch (error) {
    logger.error('export worker could not be started', { reportId, exportId: id, error: error instanceof Error ? error.message : String(error) });
    await updateActiveExport(reportId, id, { status: 'failed', stage: 'failed', error: exportsDetails.exportNotStarted, completed_at: new Date().toISOString() }, new Date().toISOString());
    await releaseExportSlot(reportId, id).catch(() => undefined);
    throw new ServiceUnavailableError(exportsDetails.exportNotStarted);
  }
  await putAudit({
    action: 'export.create',
    target: { kind: 'export', id, title: `${report.title} (${body.format.toUpperCase()})` },
    user,
    detail: `${body.format.toUpperCase()} of ${written.length} section${written.length === 1 ? '' : 's'}: ${written.map((k) => SECTION_TITLES[k]).join(', ')}`,
    at: now,
    under: { kind: 'report', id: reportId },
    client: report.organization_id,
  }).catch((error: Error) => logger.error('export not recorded in the audit log', { reportId, exportId: id, error: error.name }));
  return { success: true, export_id: id, status: 'queued' };
}

export async function getExportStatus(reportId: string, exportId: string): Promise<ExportStatusResponse> {
  const record = await getExport(reportId, exportId);
  if (!record) throw new NotFoundError(exportsDetails.exportNotFound);
  const job = present(record);
  if (job.status !== 'done' || !record.file_key || !record.file_name) return { ...job, download_url: null, download_expires_in: null };
  const url = await presignDownload(record.file_key, {
    expiresInSeconds: DOWNLOAD_LINK_SECONDS,
    contentDisposition: contentDisposition(record.file_name),
    ...(record.content_type ? { contentType: record.content_type } : {}),
  });
  return { ...job, download_url: url, download_expires_in: DOWNLOAD_LINK_SECONDS };
}

export async function listReportExports({ report }: ReportInContext, query: { limit?: number; cursor?: string }): Promise<ExportList> {
  try {
    const page = await listExports(report.id, query.limit ?? 20, query.cursor);
    return { items: page.items.map((r) => present(r)), next_cursor: page.next_cursor };
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new BadRequestError(systemDetails.invalidCursor);
    throw error;
  }
}
