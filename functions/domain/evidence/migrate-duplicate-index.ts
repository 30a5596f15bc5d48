/**
 * Migration to the duplicate index ("duplicates found on upload"): library items written before it
 * (with a `content_hash` or a `text_signature`, and no `dup_bands`) are listed under their content hash and their
 * signature's bands, so an upload finds them without reading the library. Per client one Query of its library's
 * prefix (never a Scan), then one transaction per item not listed yet, conditional on it still not being listed:
 * safe to repeat, to stop midway and to run beside the app.
 */
import { backfillItem, listUnindexedItems } from '../../data/duplicate-index-repo';
import { allOrganizationIds } from '../../data/organizations-repo';
import { confidentialClientIds } from '../../data/teams-repo';
import { bandHashes } from './duplicates';

/** Lists one client's unlisted library items in its duplicate index; how many it listed. */
export async function indexClientLibrary(organizationId: string): Promise<number> {
  let listed = 0;
  for (const item of await listUnindexedItems(organizationId)) {
    const entry = { ...(item.content_hash ? { content_hash: item.content_hash } : {}), dup_bands: bandHashes(item.text_signature) };
    if (await backfillItem(organizationId, item.id, entry)) listed++;
  }
  return listed;
}

/** Every client's library items written before the duplicate index, listed in it. */
export async function migrateDuplicateIndex(log: (line: string) => void = () => undefined): Promise<{ clients: number; items: number }> {
  let clients = 0;
  let items = 0;
  for (const org of await allOrganizationIds(await confidentialClientIds())) {
    const listed = await indexClientLibrary(org);
    if (!listed) continue;
    clients++;
    items += listed;
    log(`client ${org}: ${listed} library items listed in the duplicate index`);
  }
  return { clients, items };
}
