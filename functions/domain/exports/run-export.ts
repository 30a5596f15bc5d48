/**
 * The export worker's job: read the report document once, build the model, write each requested format
 * (DOCX, PDF, PPTX; "all" zips the three), store the file in S3 under the report, and record the outcome with
 * the version of every section it was made from. Progress is written as it goes, so the page's bar moves; a
 * failure is recorded with a reason the user can act on, never with internals.
 */
import { exportsDetails } from '@shared/messages/exports';
import { SINGLE_FORMATS, type ExportJobEvent, type ExportStage } from '@shared/schemas/exports';
import { SECTION_TITLES, type SectionKey } from '@shared/schemas/report-document';
import { claimExport, getExport, releaseExportSlot, updateActiveExport } from '../../data/exports-repo';
import { keys } from '../../data/keys';
import { putObject } from '../../data/object-store';
import { BadRequestError, isAppError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { buildExportFile } from './build';
import { EXTENSIONS } from './file-names';
import { loadExport } from './load';

export async function runExport(event: ExportJobEvent): Promise<void> {
  const { report_id: reportId, export_id: exportId } = event;
  const now = () => new Date().toISOString();
  if (!(await claimExport(reportId, exportId, now()))) {
    logger.warn('export not queued (already taken, finished or gone)', { reportId, exportId });
    return;
  }
  try {
    await build(reportId, exportId, now);
  } finally {
    // done or failed: the report's slot is free for the next export
    await releaseExportSlot(reportId, exportId).catch((error: Error) => logger.warn('export slot not released', { reportId, exportId, error: error.name }));
  }
}

async function build(reportId: string, exportId: string, now: () => string): Promise<void> {
  const job = (await getExport(reportId, exportId))!;
  const progress = async (stage: ExportStage, percent: number) => {
    await updateActiveExport(reportId, exportId, { stage, progress: percent }, now());
  };
  try {
    const { model, templates, sectionVersions } = await loadExport(reportId, job.sections, new Date(), job.format === 'all' ? SINGLE_FORMATS : [job.format], job.extras ?? [], job.created_by);
    if (!model.sections.length) throw new BadRequestError(exportsDetails.exportSectionsEmpty(job.sections.map((k: SectionKey) => SECTION_TITLES[k])));
    await progress('loading', 10);
    const file = await buildExportFile(model, job.format, new Date(job.created_at), progress, templates);
    await progress('saving', 94);
    const key = keys.exportObject(reportId, exportId, EXTENSIONS[job.format]);
    await putObject(key, file.bytes, file.contentType);
    await updateActiveExport(
      reportId,
      exportId,
      {
        status: 'done',
        stage: 'done',
        progress: 100,
        file_key: key,
        file_name: file.fileName,
        content_type: file.contentType,
        size: file.bytes.length,
        section_versions: sectionVersions,
        completed_at: now(),
        ...(file.notes.length ? { notes: file.notes } : {}),
      },
      now(),
    );
    logger.info('export done', { reportId, exportId, format: job.format, bytes: file.bytes.length, sections: model.sections.length });
  } catch (error) {
    const reason = isAppError(error) ? error.message : exportsDetails.exportFailed;
    logger.error('export failed', { reportId, exportId, format: job.format, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    await updateActiveExport(reportId, exportId, { status: 'failed', stage: 'failed', error: reason, completed_at: now() }, now());
  }
}
