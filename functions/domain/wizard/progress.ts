import type { Progress, SaveProgressBody } from '@shared/schemas/wizard';
import { details } from '@shared/messages';
import { readProgress, writeProgress } from '../../data/progress-repo';
import { getReport } from '../../data/reports-repo';
import { ConflictError, NotFoundError } from '../../lib/errors';

async function assertReport(reportId: string): Promise<void> {
  if (!(await getReport(reportId))) throw new NotFoundError(details.reportNotFound);
}

/** GET /api/wizard-progress/{report_id}: the saved progress, or an empty one (version 0) for a new report. */
export async function getProgress(reportId: string): Promise<Progress> {
  await assertReport(reportId);
  return (
    (await readProgress(reportId)) ?? {
      report_id: reportId,
      wizard_data: {},
      completed_steps: [],
      current_step: 0,
      last_saved: null,
      version: 0,
      updated_by: null,
    }
  );
}

/**
 * POST /api/wizard-progress. With `version` (what this tab loaded) a save from a stale tab is refused with
 * 409 and overwrites nothing; without it (the spec's plain call) the latest version is replaced.
 */
export async function saveProgress(body: SaveProgressBody, by: string) {
  await assertReport(body.report_id);
  const lastSaved = new Date().toISOString();
  const attempt = () =>
    writeProgress({
      report_id: body.report_id,
      wizard_data: body.wizard_data,
      completed_steps: [...new Set(body.completed_steps)],
      current_step: body.current_step,
      last_saved: lastSaved,
      updated_by: by,
      expected: body.version,
    });
  let outcome = await attempt();
  if (!outcome.ok && body.version === undefined) outcome = await attempt(); // lost a race while overwriting: once more
  if (!outcome.ok) throw new ConflictError(details.progressStale(outcome.current?.updated_by ?? 'someone else', outcome.current?.version ?? 0));
  return { success: true as const, version: outcome.version, last_saved: lastSaved };
}
