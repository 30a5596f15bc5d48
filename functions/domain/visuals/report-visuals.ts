/**
 * A report's visuals with the data they draw now, read through the repositories: the wizard progress
 * (parsed per step), the evidence (no texts) and the stored visuals. The exports and the render route use
 * this; the SPA computes the same with the same pure functions from GET …/chart-source.
 */
import { bindChartData, type ChartData, type ChartSource } from '@shared/domain/report/chart-data';
import { reportBrand, type ChartBrand } from '@shared/domain/report/chart-option';
import type { ChartEvidence, Visual } from '@shared/schemas/visuals';
import { parseWizardData, type WizardData } from '@shared/schemas/wizard';
import { listEvidenceSummaries } from '../../data/evidence-repo';
import { readProgress } from '../../data/progress-repo';
import { listVisuals } from '../../data/visuals-repo';
import { withTableData } from './table-binding';

/** A report's step data, parsed per step (read here). */
const stepDataOf = async (reportId: string): Promise<WizardData> => parseWizardData((await readProgress(reportId))?.wizard_data ?? {}).data;

/** The report data charts read, as it is now: `stepData` when the caller reads (or has read) the steps, else read here. */
export async function chartSourceOf(reportId: string, stepData?: WizardData | Promise<WizardData>): Promise<ChartSource> {
  const [data, evidence] = await Promise.all([stepData ?? stepDataOf(reportId), listEvidenceSummaries(reportId)]);
  return {
    data,
    evidence: evidence.map(
      (e): ChartEvidence => ({ id: e.id, title: e.title, type: e.type, linkedDimensions: [...(e.linkedDimensions ?? [])], relevanceScore: Number(e.relevanceScore ?? 0) }),
    ),
  };
}

/** The report's brand colours for its charts (finalize.brand, else the default). */
export const brandOf = (source: ChartSource): ChartBrand => reportBrand(source.data);

/**
 * Every visual of the report (oldest first) with the data it draws from the report as it is now (its step data: as
 * chartSourceOf), a chart bound to a workbook's table from the newest file of its name.
 */
export async function loadRenderableVisuals(reportId: string, stepData?: WizardData | Promise<WizardData>): Promise<{ visual: Visual; data: ChartData }[]> {
  const [visuals, source] = await Promise.all([listVisuals(reportId).then((list) => withTableData(reportId, list)), chartSourceOf(reportId, stepData)]);
  return visuals.map((visual) => ({ visual, data: bindChartData(visual, source) }));
}
