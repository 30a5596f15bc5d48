/**
 * GET /api/reports/{id}/conflicts and PUT …/conflicts/{conflict_id}: the conflicts between the report's
 * sources, each with its resolution; a consultant resolves one by choosing a source or noting why they
 * differ, and the resolution is stored with an audit entry under the report.
 */
import { conflicts as t } from '@shared/messages/ask';
import type { ConflictList, EvidenceConflict, ResolveConflictBody } from '@shared/schemas/ask';
import { listConflictResolutions, putConflictResolution } from '../../data/conflicts-repo';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { reportSources } from '../ask';
import { detectConflicts } from '../ai';

/** The report and its client come from the request's context. */
async function found({ report, client }: ReportInContext): Promise<{ title: string; items: EvidenceConflict[] }> {
  const reportId = report.id;
  const organization = client.organization;
  const [sources, resolutions] = await Promise.all([reportSources(reportId), listConflictResolutions(reportId)]);
  const detected = await detectConflicts(sources, organization?.name ?? '');
  return { title: report.title, items: detected.map((c) => ({ ...c, resolution: resolutions.get(c.id) ?? null })) };
}

export async function listConflicts(target: ReportInContext): Promise<ConflictList> {
  return { items: (await found(target)).items };
}

export async function resolveConflict(target: ReportInContext, conflictId: string, body: ResolveConflictBody, user: string): Promise<EvidenceConflict> {
  const reportId = target.report.id;
  const { title, items } = await found(target);
  const conflict = items.find((c) => c.id === conflictId);
  if (!conflict) throw new NotFoundError(t.notFound);
  const side = body.choice === 'source' ? conflict.sides.find((s) => s.evidence_id === body.evidence_id?.toLowerCase()) : undefined;
  if (body.choice === 'source' && !side) throw new BadRequestError(t.notASide);
  const at = new Date().toISOString();
  const note = body.note?.trim();
  const resolution = { choice: body.choice, ...(side ? { evidence_id: side.evidence_id } : {}), ...(note ? { note } : {}), by: user, at };
  const how = side ? `${side.title} (${side.figure})${note ? `; ${note}` : ''}` : (note ?? '');
  await putConflictResolution(reportId, conflictId, resolution, {
    action: 'conflict.resolve',
    target: { kind: 'report', id: reportId, title },
    user,
    detail: t.audit(t.measure(conflict.measure, conflict.period), how).slice(0, 1000),
    at,
    under: { kind: 'report', id: reportId },
    client: target.report.organization_id,
  });
  return { ...conflict, resolution };
}
