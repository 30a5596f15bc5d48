/**
 * Migration to audit entries that name their client: a report's entries written before they did get the report's
 * client, so the firm-wide log can tell a confidential client's entries for every reader (audit-log.ts). One pass
 * over the log's index (Query pages, never a Scan), one read of each report named, one conditional update per
 * entry: safe to repeat, to stop midway and to run beside the app. An entry whose report is gone is left as it is
 * (its report's partition, and the entry with it, is being deleted).
 */
import { nameAuditClient, reportEntriesWithoutClient } from '../../data/audit-repo';
import { reportOrganization } from '../../data/evidence-repo';

export async function migrateAuditClients(log: (line: string) => void = () => undefined): Promise<{ entries: number; reports: number }> {
  const clients = new Map<string, Promise<string | undefined>>();
  const named = new Set<string>();
  let entries = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await reportEntriesWithoutClient(start);
    for (const { key, reportId } of page.items) {
      let client = clients.get(reportId);
      if (!client) clients.set(reportId, (client = reportOrganization(reportId)));
      const organizationId = await client;
      if (organizationId && (await nameAuditClient(key, organizationId))) {
        entries++;
        named.add(reportId);
      }
    }
    start = page.next;
  } while (start);
  if (entries) log(`${entries} audit entries of ${named.size} reports name their client`);
  return { entries, reports: named.size };
}
