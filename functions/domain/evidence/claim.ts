import { isPlaceholder } from '@shared/domain/placeholder';
import { evidenceDetails } from '@shared/messages/evidence';
import { reportsDetails } from '@shared/messages/reports';
import { putAudit } from '../../data/audit-repo';
import { copyTables } from '../../data/data-tables-repo';
import { deleteEvidenceRecord, listEvidence } from '../../data/evidence-repo';
import { keys } from '../../data/keys';
import { copyObject, deletePrefix } from '../../data/object-store';
import { getReport } from '../../data/reports-repo';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { evidenceClaimed } from '../audit/change-entries';
import { bandHashes } from './duplicates';
import { putNewEvidence } from './evidence-cap';
import { evidenceHome } from './evidence-home';

const rekey = (key: string | undefined, from: string, to: string) => (key?.startsWith(from) ? to + key.slice(from.length) : key);

/**
 * Moves the evidence a user added under a wizard placeholder to the report setup has just created: files are
 * copied to the report's client's library prefix, the records become library items the report refers to (no
 * expiry), then the placeholder's copies are removed. Only a placeholder moves (never a report's evidence), and
 * only the user's own: the access check answered anyone but the placeholder's creator as if it held nothing, and
 * the items are filtered by their creator again here. Safe to repeat. What moved is in the report's activity.
 */
export async function claimPlaceholderEvidence(reportId: string, placeholder: string, by: string) {
  if (!isPlaceholder(placeholder)) throw new BadRequestError(evidenceDetails.claimNeedsPlaceholder);
  const report = await getReport(reportId);
  if (!report) throw new NotFoundError(reportsDetails.reportNotFound);
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
  if (records.length) await putAudit(evidenceClaimed(report, records.length, by, new Date().toISOString()));
  return { success: true as const, moved: records.length };
}
