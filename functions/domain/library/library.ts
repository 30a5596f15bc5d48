/**
 * The client evidence library (DESIGN.md "Library"): evidence belongs to the client; a report uses the
 * items it refers to. Taking an item into a report adds a reference (the text is never copied); a report's
 * deletion takes its references, never the client's items; deleting an item that reports use names the reports
 * and the citations that would break, and leaves tombstones so those citations read as broken.
 */
import { MAX_EVIDENCE_PER_REPORT } from '@shared/constants';
import { evidenceDetails } from '@shared/messages/evidence';
import { organizationsDetails } from '@shared/messages/organizations';
import { libraryDetails } from '@shared/messages/library';
import type { EvidenceItem } from '@shared/schemas/evidence';
import type { LibraryItem, LibraryItemUsage, LibraryList, LibraryQuery } from '@shared/schemas/library';
import { putAudit } from '../../data/audit-repo';
import {
  addReference,
  deleteEvidenceRecord,
  getEvidence,
  getLibraryItem,
  listClientReferences,
  listLibrary,
  putEvidenceTombstone,
  toEvidenceItem,
  type EvidenceRecord,
} from '../../data/evidence-repo';
import { getReport } from '../../data/reports-repo';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { assertNotFinal, whileOpen } from '../access/final-lock';
import type { ReportInContext, RequestContext } from '../../lib/middleware/types';
import { deleteItemAndFiles, placesCiting, removeFromReport } from '../evidence';

type ReportFacts = { report_id: string; title: string; status: string };

/** Titles and states of some reports (those that no longer exist are left out). */
async function reportFacts(ids: readonly string[]): Promise<Map<string, ReportFacts>> {
  const found = await Promise.all([...new Set(ids)].map((id) => getReport(id)));
  return new Map(found.flatMap((r) => (r ? [[r.id, { report_id: r.id, title: r.title, status: r.status }] as const] : [])));
}

const asLibraryItem = (record: EvidenceRecord, organizationId: string, usedBy: ReportFacts[]): LibraryItem => ({
  ...toEvidenceItem(record),
  organization_id: organizationId,
  used_by: usedBy,
});

/** Every item of a client's library, oldest first, each with the reports that use it. */
async function listClientEvidence(orgId: string): Promise<LibraryItem[]> {
  const [items, refs] = await Promise.all([listLibrary(orgId), listClientReferences(orgId)]);
  const facts = await reportFacts(refs.map((r) => r.report_id));
  const uses = new Map<string, ReportFacts[]>();
  for (const r of refs) {
    const f = facts.get(r.report_id);
    if (f) uses.set(r.id, [...(uses.get(r.id) ?? []), f]);
  }
  return items.map((item) => asLibraryItem(item, orgId, (uses.get(item.id) ?? []).sort((a, b) => a.title.localeCompare(b.title))));
}

/** GET /api/organizations/{id}/evidence: the library, filtered by type, day added, report and dimension. */
export async function listLibraryPage(context: RequestContext, orgId: string, query: LibraryQuery): Promise<LibraryList> {
  if (query.from && query.to && query.from > query.to) throw new BadRequestError(libraryDetails.datesReversed);
  assertClient(context, orgId);
  const all = await listClientEvidence(orgId);
  const reports = new Map(all.flatMap((i) => i.used_by.map((u) => [u.report_id, u] as const)));
  const items = all.filter(
    (i) =>
      (!query.type || i.type === query.type) &&
      (!query.from || i.created_at.slice(0, 10) >= query.from) &&
      (!query.to || i.created_at.slice(0, 10) <= query.to) &&
      (!query.report || i.used_by.some((u) => u.report_id.toLowerCase() === query.report!.toLowerCase())) &&
      (!query.dimension || i.linkedDimensions.includes(query.dimension)),
  );
  return { items, reports: [...reports.values()].sort((a, b) => a.title.localeCompare(b.title)) };
}

/**
 * Adds references from a report to items of the client's library (never a copy of their text). An item the
 * report already uses stays as it is. 404 when an item is not in this client's library, 409 at the report's cap or
 * when the report is Final.
 */
export async function takeFromLibrary(reportId: string, orgId: string, evidenceIds: string[]): Promise<void> {
  await takeItems(reportId, orgId, evidenceIds, 'library');
}

async function takeItems(reportId: string, orgId: string, evidenceIds: readonly string[], by: string): Promise<number> {
  let added = 0;
  for (const id of [...new Set(evidenceIds.map((e) => e.toLowerCase()))]) {
    const outcome = await whileOpen(() => addReference(reportId, orgId, id, by, MAX_EVIDENCE_PER_REPORT));
    if (outcome === 'missing') throw new NotFoundError(evidenceDetails.evidenceNotFound);
    if (outcome === 'full') throw new ConflictError(evidenceDetails.evidenceFull(MAX_EVIDENCE_PER_REPORT));
    if (outcome === 'added') added++;
  }
  return added;
}

/**
 * POST /api/reports/{id}/evidence/references: takes items of the report's client's library into the report.
 * With `replace` (the offer after a duplicate upload), the item just added is taken out of the report again and,
 * used by no other report, deleted with its files.
 */
export async function takeIntoReport({ report }: ReportInContext, body: { evidence_ids: string[]; replace?: string }, by: string): Promise<{ success: true; added: number; items: EvidenceItem[] }> {
  const reportId = report.id;
  assertNotFinal(report);
  if (body.replace && body.evidence_ids.some((id) => id.toLowerCase() === body.replace!.toLowerCase())) throw new BadRequestError(libraryDetails.replaceItself);
  const added = await takeItems(reportId, report.organization_id, body.evidence_ids, by);
  if (body.replace) await removeFromReport(reportId, body.replace, by, { tombstone: false });
  const items = await Promise.all(body.evidence_ids.map((id) => getEvidence(reportId, id.toLowerCase())));
  return { success: true, added, items: items.flatMap((r) => (r ? [toEvidenceItem(r)] : [])) };
}

/** The client the path names exists: the request's access check read it (its context). */
function assertClient(context: RequestContext, orgId: string): void {
  if (!context.clients.get(orgId)?.organization) throw new NotFoundError(organizationsDetails.organizationNotFound);
}

/** GET /api/organizations/{id}/evidence/{evidence_id}/usage: per report that uses the item, the citations of it. */
export async function libraryItemUsage(context: RequestContext, orgId: string, id: string): Promise<LibraryItemUsage> {
  assertClient(context, orgId);
  if (!(await getLibraryItem(orgId, id.toLowerCase()))) throw new NotFoundError(evidenceDetails.evidenceNotFound);
  const refs = await listClientReferences(orgId, id.toLowerCase());
  const facts = await reportFacts(refs.map((r) => r.report_id));
  const reports = await Promise.all(
    [...facts.values()].map(async (f) => ({ report_id: f.report_id, title: f.title, places: (await placesCiting(f.report_id, id.toLowerCase())).places })),
  );
  return { reports: reports.sort((a, b) => a.title.localeCompare(b.title)) };
}

/**
 * DELETE /api/organizations/{id}/evidence/{evidence_id}: deletes a library item. Every report that used it loses
 * its reference and keeps a tombstone (its citations read as broken and still name the source), with an entry
 * in its audit log; then the files and the item go.
 */
export async function deleteLibraryItem(context: RequestContext, orgId: string, id: string, by: string): Promise<{ success: true; reports: number }> {
  assertClient(context, orgId);
  const item = await getLibraryItem(orgId, id.toLowerCase());
  if (!item) throw new NotFoundError(evidenceDetails.evidenceNotFound);
  const refs = await listClientReferences(orgId, item.id);
  const now = new Date().toISOString();
  for (const r of refs) {
    await putEvidenceTombstone(r.report_id, item.id, item.title, now);
    await deleteEvidenceRecord(r.report_id, item.id);
    await putAudit({
      action: 'evidence.delete',
      target: { kind: 'evidence', id: item.id, title: item.title },
      user: by,
      detail: libraryDetails.auditDeletedFromLibrary(item.type),
      at: now,
      under: { kind: 'report', id: r.report_id },
      client: orgId,
    });
  }
  await deleteItemAndFiles(orgId, item.id);
  return { success: true, reports: new Set(refs.map((r) => r.report_id)).size };
}
