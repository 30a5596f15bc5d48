import { randomUUID } from 'node:crypto';
import { systemDetails } from '@shared/messages/system';
import { wizardDetails } from '@shared/messages/wizard';
import { listSavedFiles, readSavedFile, saveFile } from '../../data/saved-files-repo';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../../lib/json-depth';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';

/**
 * POST /api/save-report-file/{report_id}: a named snapshot of the wizard data, stored in S3. The spec's
 * query parameters (file_name, data as JSON text) or, for data too large for a URL, a JSON body.
 */
export async function saveReportFile({ report }: ReportInContext, query: { file_name?: string; data?: string }, body: { file_name?: string; data?: unknown } | undefined, by: string) {
  const reportId = report.id;
  const fileName = (body?.file_name ?? query.file_name ?? '').trim();
  if (!fileName) throw new BadRequestError(wizardDetails.fileNameRequired);
  let data: unknown = body?.data;
  if (data === undefined && query.data !== undefined) {
    if (jsonTooDeep(query.data)) throw new BadRequestError(systemDetails.jsonTooDeep(MAX_JSON_DEPTH));
    try {
      data = JSON.parse(query.data);
    } catch {
      throw new BadRequestError(wizardDetails.reportFileDataInvalid);
    }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data) || Object.keys(data).length === 0) {
    throw new BadRequestError(wizardDetails.reportFileDataEmpty);
  }
  const content = JSON.stringify(data);
  const record = await saveFile(reportId, { id: randomUUID(), file_name: fileName, created_at: new Date().toISOString(), created_by: by, size: Buffer.byteLength(content) }, content);
  return { success: true as const, message: wizardDetails.reportFileSaved(fileName), file_id: record.id };
}

export async function listReportFiles({ report }: ReportInContext) {
  const items = await listSavedFiles(report.id);
  return { items: items.map(({ id, file_name, created_at, created_by, size }) => ({ id, file_name, created_at, created_by, size })) };
}

export async function getReportFile(reportId: string, fileId: string) {
  const found = await readSavedFile(reportId, fileId);
  if (!found) throw new NotFoundError(wizardDetails.reportFileNotFound);
  const { id, file_name, created_at, created_by, size } = found.record;
  return { id, file_name, created_at, created_by, size, data: JSON.parse(found.content) as Record<string, unknown> };
}
