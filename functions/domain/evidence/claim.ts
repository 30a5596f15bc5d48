import { reportsDetails } from '@shared/messages/reports';
import { copyTables } from '../../data/data-tables-repo';
import { deleteEvidenceRecord, listEvidence } from '../../data/evidence-repo';
import { keys } from '../../data/keys';
import { copyObject, deletePrefix } from '../../data/object-store';
import { getReport } from '../../data/reports-repo';
import { NotFoundError } from '../../lib/errors';
import { bandHashes } from './duplicates';
import { putNewEvidence } from './evidence-cap';
import { evidenceHome } from './evidence-home';

const rekey = (key: string | undefined, from: string, to: string) => (key?.startsWith(from) ? to + key.slice(from.length) : key);

/**
 * Moves the evidence a user added under a wizard placeholder to the report setup has just created: files are
 * copied to the report's client's library prefix, the records become library items the report refers to (no
 * expiry), then the placeholder's copies are removed. Only the user's own placeholder evidence moves. Safe to repeat.
 */
export async function claimPlaceholderEvidence(reportId: string, placeholder: string, by: string) {
  if (!(await getReport(reportId))) throw new NotFoundError(reportsDetails.reportNotFound);
  const records = (await listEvidence(placeholder)).filter((r) => r.created_by === by);
  const home = records.length ? await evidenceHome(reportId) : undefined;
  for (const record of records) {
    const fromPrefix = keys.evidenceObjectPrefix(placeholder, record.id);
    const toPrefix = home!.prefix(record.id);
    for (const key of [record.object_key, record.text_key]) {
      if (key?.startsWith(fromPrefix)) await copyObject(key, rekey(key, fromPrefix, toPrefix)!);
    }
    const tablesKey = record.tables_key?.startsWith(fromPrefix) ? await copyTables(record.tables_key, toPrefix) : record.tables_key;
    const { PK: _pk, SK: _sk, entity: _e, expires_at: _x, ...rest } = record;
    await putNewEvidence({
      ...rest,
      report_id: reportId,
      ...(home?.organizationId ? { organization_id: home.organizationId } : {}),
      ...(record.object_key ? { object_key: rekey(record.object_key, fromPrefix, toPrefix) } : {}),
      ...(record.text_key ? { text_key: rekey(record.text_key, fromPrefix, toPrefix) } : {}),
      ...(tablesKey ? { tables_key: tablesKey } : {}),
      // listed in the client's duplicate index (an item added before the index has no bands yet)
      dup_bands: record.dup_bands ?? bandHashes(record.text_signature),
      updated_at: new Date().toISOString(),
    });
    await deletePrefix(fromPrefix);
    await deleteEvidenceRecord(placeholder, record.id);
  }
  return { success: true as const, moved: records.length };
}
