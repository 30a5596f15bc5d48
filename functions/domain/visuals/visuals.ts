/**
 * A report's visuals: list (with where each is used), create, read, update with the version the editor
 * loaded, delete (refused while a section embeds it, unless confirmed), render to SVG or PNG, and the
 * report data a chart can bind to. A binding naming data the report does not have is refused when saved.
 */
import { randomUUID } from 'node:crypto';
import { bindChartData, bindingProblem } from '@shared/domain/report/chart-data';
import { visualIdsIn } from '@shared/domain/report/visual-embeds';
import { visualsDetails } from '@shared/messages/visuals';
import { SECTION_KEYS, SECTION_TITLES } from '@shared/schemas/report-document';
import {
  MAX_VISUALS_PER_REPORT,
  type ChartSourceResponse,
  type CreateVisualBody,
  type UpdateVisualBody,
  type Visual,
  type VisualList,
  type VisualPlace,
} from '@shared/schemas/visuals';
import { readSections } from '../../data/sections-repo';
import { getVisual, insertVisual, listVisuals, removeVisual, replaceVisual } from '../../data/visuals-repo';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { assertNotFinal, whileOpen } from '../access/final-lock';
import { chartSourceOf } from './report-visuals';
import { bindingToSave, withTableData } from './table-binding';

async function visualOrThrow(reportId: string, id: string): Promise<Visual> {
  const visual = await getVisual(reportId, id);
  if (!visual) throw new NotFoundError(visualsDetails.visualNotFound);
  return visual;
}

/** Which sections embed each visual (`![caption](visual:<id>)`), in report order. */
async function placesByVisual(reportId: string): Promise<Map<string, VisualPlace[]>> {
  const sections = await readSections(reportId);
  const order = new Map(SECTION_KEYS.map((k, i) => [k, i]));
  const places = new Map<string, VisualPlace[]>();
  for (const s of [...sections].sort((a, b) => (order.get(a.key) ?? 99) - (order.get(b.key) ?? 99))) {
    for (const id of visualIdsIn(s.content)) {
      const list = places.get(id) ?? [];
      list.push({ key: s.key, title: SECTION_TITLES[s.key] ?? s.title });
      places.set(id, list);
    }
  }
  return places;
}

/**
 * The binding as it is saved, refused (400) when it names data the report does not have; a workbook's table range
 * is kept as it stands in the newest file of its name, with the data it gives (404 for an item not the report's).
 */
async function bindingFits(reportId: string, binding: Visual['binding'], last?: Visual['table_data']): Promise<Pick<Visual, 'binding' | 'table_data'>> {
  if (binding.source === 'data-table') {
    const saved = await bindingToSave(reportId, binding, last);
    return { binding: saved.binding, table_data: saved.data };
  }
  const problem = bindingProblem(binding, await chartSourceOf(reportId));
  if (problem) throw new BadRequestError(problem);
  return { binding };
}

export async function listReportVisuals({ report }: ReportInContext): Promise<VisualList> {
  const reportId = report.id;
  const [visuals, places] = await Promise.all([listVisuals(reportId).then((list) => withTableData(reportId, list)), placesByVisual(reportId)]);
  return { items: visuals.map((v) => ({ ...v, used_in: places.get(v.id) ?? [] })) };
}

export async function getReportVisual({ report }: ReportInContext, id: string): Promise<Visual> {
  const reportId = report.id;
  const [visual] = await withTableData(reportId, [await visualOrThrow(reportId, id)]);
  return visual!;
}

/** What a create or an update sets: the chart as the consultant made it (titles without stray spaces), its binding as it fits. */
function editableFields(body: CreateVisualBody, bound: Pick<Visual, 'binding' | 'table_data'>): Pick<Visual, 'type' | 'title' | 'caption' | 'binding' | 'table_data' | 'options' | 'status'> {
  const { binding, table_data } = bound;
  return { type: body.type, title: body.title.trim(), caption: body.caption.trim(), binding, ...(table_data ? { table_data } : {}), options: body.options, status: body.status };
}

export async function createReportVisual({ report }: ReportInContext, body: CreateVisualBody, user: string): Promise<Visual> {
  const reportId = report.id;
  assertNotFinal(report);
  const bound = await bindingFits(reportId, body.binding);
  const now = new Date().toISOString();
  const visual: Visual = {
    id: randomUUID(),
    report_id: reportId,
    ...editableFields(body, bound),
    version: 1,
    updated_by: user,
    updated_at: now,
    created_at: now,
  };
  const outcome = await whileOpen(() => insertVisual(visual, MAX_VISUALS_PER_REPORT));
  if (!outcome.ok) throw new ConflictError(visualsDetails.visualsFull(MAX_VISUALS_PER_REPORT));
  return visual;
}

export async function updateReportVisual({ report }: ReportInContext, id: string, body: UpdateVisualBody, user: string): Promise<Visual> {
  const reportId = report.id;
  assertNotFinal(report);
  const current = await visualOrThrow(reportId, id);
  if (current.version !== body.version) throw new ConflictError(visualsDetails.visualStale(current.updated_by, current.version));
  const bound = await bindingFits(reportId, body.binding, current.table_data);
  const { table_data: _last, ...kept } = current;
  const next: Visual = {
    ...kept,
    ...editableFields(body, bound),
    version: current.version + 1,
    updated_by: user,
    updated_at: new Date().toISOString(),
  };
  const outcome = await whileOpen(() => replaceVisual(next, body.version));
  if (!outcome.ok) {
    if (!outcome.current) throw new NotFoundError(visualsDetails.visualNotFound);
    throw new ConflictError(visualsDetails.visualStale(outcome.current.updated_by, outcome.current.version));
  }
  return next;
}

export async function deleteReportVisual({ report }: ReportInContext, id: string, force: boolean): Promise<{ success: true; message: string; used_in: VisualPlace[] }> {
  const reportId = report.id;
  assertNotFinal(report);
  const visual = await visualOrThrow(reportId, id);
  const usedIn = (await placesByVisual(reportId)).get(id) ?? [];
  if (usedIn.length && !force) throw new ConflictError(visualsDetails.visualInUse(visual.title, usedIn.map((p) => p.title)));
  if (!(await whileOpen(() => removeVisual(reportId, id)))) throw new NotFoundError(visualsDetails.visualNotFound);
  return { success: true, message: visualsDetails.visualDeleted, used_in: usedIn };
}

/** The report data a chart can bind to: the chart-relevant steps of the wizard data (of setup, the currency), and the evidence. */
export async function getChartSource({ report }: ReportInContext): Promise<ChartSourceResponse> {
  const reportId = report.id;
  const source = await chartSourceOf(reportId);
  const { findings, recommendations, roadmap, finalize } = source.data;
  const setup = source.data.setup ? { currency: source.data.setup.currency } : undefined;
  const wizard_data = Object.fromEntries(Object.entries({ setup, findings, recommendations, roadmap, finalize }).filter(([, v]) => v !== undefined));
  return { report_id: reportId, wizard_data, evidence: [...source.evidence] };
}

/** A visual with the data it draws now, and the report's brand (for the render route). */
export async function visualToRender({ report }: ReportInContext, id: string) {
  const reportId = report.id;
  const [visual, source] = await Promise.all([visualOrThrow(reportId, id).then(async (v) => (await withTableData(reportId, [v]))[0]!), chartSourceOf(reportId)]);
  return { visual, data: bindChartData(visual, source), source };
}
