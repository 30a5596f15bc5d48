/**
 * GET /api/reports/{id}/conflicts and PUT …/conflicts/{conflict_id}: the conflicts between the report's
 * sources, each with its resolution; a consultant resolves one by choosing a source or noting why they
 * differ, and the resolution is stored with an audit entry under the report.
 */
import { reportsDetails } from '@shared/messages/reports';
import { conflicts as t } from '@shared/messages/ask';
import type { ConflictList, EvidenceConflict, ResolveConflictBody } from '@shared/schemas/ask';
import { listConflictResolutions, putConflictResolution } from '../../data/conflicts-repo';
import { getOrganization } from '../../data/organizations-repo';
import { getReport } from '../../data/reports-repo';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { reportSources } from '../ask';
import { detectConflicts } from '../ai';

async function found(reportId: string): Promise<{ title: string; items: EvidenceConflict[] }> {
  const report = await getReport(reportId);
  if (!report) throw new NotFoundError(reportsDetails.reportNotFound);
  const organization = report.organization_id ? await getOrganization(report.organization_id) : undefined;
  const [sources, resolutions] = await Promise.all([reportSources(reportId), listConflictResolutions(reportId)]);
  const detected = await detectConflicts(sources, organization?.name ?? '');
  return { title: report.title, items: detected.map((c) => ({ ...c, resolution: resolutions.get(c.id) ?? null })) };
}

export async function listConflicts(reportId: string): Promise<ConflictList> {
  return { items: (await found(reportId)).items };
}

export async function resolveConflict(reportId: string, conflictId: string, body: ResolveConflictBody, user: string): Promise<EvidenceConflict> {
  const { title, items } = await found(reportId);
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
  });
  return { ...conflict, resolution };
}
