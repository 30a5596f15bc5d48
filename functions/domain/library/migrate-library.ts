/**
 * Migration to the client evidence library: evidence kept in a report's partition before the library
 * (`REPORT#<report>` / `EVIDENCE#<id>`, files under `reports/<report>/evidence/<id>/`) becomes an item of the
 * report's client (`ORG#<client>` / `EVIDENCE#<id>`, files under `clients/<client>/evidence/<id>/`) that the
 * report refers to (`EVREF#<id>`), with the fingerprints duplicate detection compares. The report's count of
 * evidence stays as it is (it counts references now). Safe to repeat and to stop midway: files are copied
 * first, the item, reference and removal of the old item are one transaction, the old files go last.
 */
import { allOrganizationIds } from '../../data/organizations-repo';
import { libraryItemOf, listLegacyEvidence, moveLegacyEvidence, readText, type EvidenceRecord } from '../../data/evidence-repo';
import { keys } from '../../data/keys';
import { copyObject, deletePrefix, getObjectBytes, objectSize } from '../../data/object-store';
import { clientReports } from '../../data/reports-repo';
import { confidentialClientIds } from '../../data/teams-repo';
import { fingerprint } from '../evidence';

const rekey = (key: string | undefined, from: string, to: string) => (key?.startsWith(from) ? to + key.slice(from.length) : key);

/** Copies a file unless it was copied already (a repeated run after the old one was removed). */
async function copyOnce(from: string, to: string): Promise<void> {
  if ((await objectSize(from)) !== undefined) await copyObject(from, to);
}

/** Moves one legacy item of a report into its client's library. */
async function migrateItem(legacy: EvidenceRecord, organizationId: string): Promise<void> {
  const fromPrefix = keys.evidenceObjectPrefix(legacy.report_id, legacy.id);
  const toPrefix = keys.libraryObjectPrefix(organizationId, legacy.id);
  const text = await readText(legacy);
  const bytes = legacy.object_key ? await getObjectBytes(legacy.object_key) : undefined;
  for (const key of [legacy.object_key, legacy.text_key]) {
    if (key?.startsWith(fromPrefix)) await copyOnce(key, rekey(key, fromPrefix, toPrefix)!);
  }
  const { PK: _pk, SK: _sk, entity: _e, expires_at: _x, ...rest } = legacy;
  const item = libraryItemOf(
    {
      ...rest,
      organization_id: organizationId,
      ...(legacy.object_key ? { object_key: rekey(legacy.object_key, fromPrefix, toPrefix) } : {}),
      ...(legacy.text_key ? { text_key: rekey(legacy.text_key, fromPrefix, toPrefix) } : {}),
      ...fingerprint(bytes ?? (text || `${legacy.source}\n${legacy.content}`), text),
    },
    organizationId,
  );
  await moveLegacyEvidence(legacy, item, organizationId);
  await deletePrefix(fromPrefix);
}

/** Every report of every client: its legacy items moved into the client's library. */
export async function migrateEvidenceToLibrary(log: (line: string) => void = () => undefined): Promise<{ reports: number; items: number }> {
  let reports = 0;
  let items = 0;
  for (const org of await allOrganizationIds(await confidentialClientIds())) {
    for (const report of await clientReports(org)) {
      const legacy = (await listLegacyEvidence(report.id)).filter((r) => r.entity === 'Evidence');
      if (!legacy.length) continue;
      for (const record of legacy) await migrateItem(record, org);
      reports++;
      items += legacy.length;
      log(`report ${report.id}: ${legacy.length} evidence items moved to client ${org}'s library`);
    }
  }
  return { reports, items };
}
