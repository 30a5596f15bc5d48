/**
 * The organization and report parts of "Complete Setup" (DESIGN.md "Workflows on the server"): transaction
 * items that create or update them, written in the same transaction as the setup step and the PROGRESS item
 * (progress-repo.ts writeProgressItems, `also`). Nothing here writes on its own: either all of it lands, or none.
 */
import type { CreateOrganizationBody } from '@shared/schemas/organizations';
import { auditPut, type NewAuditEntry } from './audit-repo';
import { keys } from './keys';
import { organizationItem } from './organizations-repo';
import { clientCountsUpdate, reportItem, type ClientListing } from './reports-repo';
import { organizationStatsUpdate, reportStatsUpdate } from './stats';
import { tableName } from './table';
import { membershipPuts } from './teams-repo';
import { newItemPut } from './table-ops';
import type { ReportStatus } from '@shared/domain/options';
import type { TransactionPart } from './progress-repo';

export type OrganizationPart =
  | { kind: 'create'; id: string; fields: CreateOrganizationBody }
  /** `version`: the version the tab holds (the update is refused when it moved); `fields` omitted: unchanged */
  | { kind: 'update'; id: string; version: number; fields?: CreateOrganizationBody; audit?: string };

export type ReportPart =
  | { kind: 'create'; id: string; title: string; owner: string; baselineId?: string }
  | { kind: 'update'; id: string; version: number; status: ReportStatus; title: string; owner: string; audit?: string }
  | { kind: 'keep'; id: string };

/**
 * The items of one setup: `organization` and `report` name the parts whose condition failing means "someone
 * changed it" (or, for a create, "it exists already").
 */
export function setupParts(input: {
  organization: OrganizationPart;
  report: ReportPart;
  by: string;
  now: string;
  audits?: NewAuditEntry[];
  lead?: { name: string; email: string };
  /** an existing client that gets a new report: whether it is confidential (read before; the write holds only while it is still so) */
  listing?: ClientListing;
}): TransactionPart[] {
  const { organization: org, report, by, now } = input;
  const parts: TransactionPart[] = [];
  const addsReport = report.kind === 'create';
  if (org.kind === 'create') {
    parts.push({
      name: 'organization',
      item: newItemPut({ ...organizationItem({ ...org.fields, id: org.id, by, now }), report_count: addsReport ? 1 : 0, draft: addsReport ? 1 : 0 }),
    });
    // whoever creates a client is the lead of its team
    const [lead, leadClients] = membershipPuts({ organizationId: org.id, username: by, name: input.lead?.name ?? by, email: input.lead?.email ?? '', role: 'lead', by, now });
    parts.push({ name: 'organization-lead', item: lead }, { name: 'organization-lead-clients', item: leadClients });
    parts.push({ name: 'organization-total', item: organizationStatsUpdate(1) });
  } else if (org.fields || addsReport) {
    const set: string[] = [];
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':v': org.version };
    if (org.fields) {
      set.push('#name = :name', 'sector = :sector', 'geography = :geo', 'fy_start = :fy', 'currency = :cur', 'brand_settings = :brand', 'GSI1SK = :sk', 'updated_at = :now', 'updated_by = :by', 'version = version + :one');
      names['#name'] = 'name';
      Object.assign(values, {
        ':name': org.fields.name,
        ':sector': org.fields.sector,
        ':geo': org.fields.geography,
        ':fy': org.fields.fy_start,
        ':cur': org.fields.currency,
        ':brand': org.fields.brand_settings,
        ':sk': keys.organizationByName(org.fields.name, org.id).GSI1SK,
        ':now': now,
        ':by': by,
        ':one': 1,
      });
    }
    const conditions = [org.fields ? 'attribute_exists(PK) AND version = :v' : 'attribute_exists(PK)'];
    if (addsReport) {
      values[':rc'] = 1;
      // a report of a confidential client is listed under it, and counted in the list of confidential clients
      const listing = input.listing ?? { confidential: false, countsListed: false };
      values[':t'] = true;
      names['#conf'] = 'confidential';
      names['#listed'] = 'counts_listed';
      conditions.push(listing.confidential ? '#conf = :t' : '(attribute_not_exists(#conf) OR #conf <> :t)', listing.countsListed ? '#listed = :t' : 'attribute_not_exists(#listed)');
      const listed = clientCountsUpdate(org.id, { total: 1, Draft: 1 }, listing)[1];
      if (listed) parts.push({ name: 'organization-listed', item: listed });
    }
    parts.push({
      name: 'organization',
      item: {
        Update: {
          TableName: tableName,
          Key: keys.organization(org.id),
          UpdateExpression: `${set.length ? `SET ${set.join(', ')}` : ''}${addsReport ? ' ADD report_count :rc, draft :rc' : ''}`.trim(),
          ConditionExpression: conditions.join(' AND '),
          ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
          ExpressionAttributeValues: org.fields ? values : Object.fromEntries(Object.entries(values).filter(([k]) => k !== ':v')),
        },
      },
    });
  }
  if (report.kind === 'create') {
    parts.push({
      name: 'report',
      item: newItemPut(
        reportItem({
          id: report.id,
          title: report.title,
          owner: report.owner,
          organization_id: org.id,
          by,
          now,
          confidential: input.listing?.confidential === true,
          ...(report.baselineId ? { baseline_id: report.baselineId } : {}),
        }),
      ),
    });
    parts.push({ name: 'report-total', item: reportStatsUpdate({ total: 1, Draft: 1 }) });
  } else if (report.kind === 'update') {
    parts.push({
      name: 'report',
      item: {
        Update: {
          TableName: tableName,
          Key: keys.report(report.id),
          UpdateExpression: 'SET title = :t, #owner = :o, updated_at = :now, updated_by = :by, version = :next, GSI1SK = :g1, GSI3SK = :g3',
          ConditionExpression: 'version = :v',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: {
            ':t': report.title,
            ':o': report.owner,
            ':now': now,
            ':by': by,
            ':next': report.version + 1,
            ':v': report.version,
            ':g1': keys.reportByUpdated(now, report.id).GSI1SK,
            ':g3': keys.reportByStatus(report.status, now, report.id).GSI3SK,
          },
        },
      },
    });
  }
  for (const entry of input.audits ?? []) parts.push({ name: 'audit', item: auditPut(entry) });
  return parts;
}
