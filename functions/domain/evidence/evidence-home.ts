/**
 * Where a new evidence item is kept: a report's evidence is its client's library item (DESIGN.md "Library"),
 * with its files under the client's prefix; a wizard placeholder's stays under the placeholder until setup
 * claims it. Duplicates are looked for in the client's library, through its duplicate index: a bounded number of
 * reads whatever the library's size (duplicates.ts, duplicate-index-repo).
 */
import { reportsDetails } from '@shared/messages/reports';
import { isPlaceholder } from '@shared/domain/placeholder';
import type { DuplicateOffer } from '@shared/schemas/evidence';
import { reportOrganization } from '../../data/evidence-repo';
import { libraryFingerprints, readDuplicateIndex } from '../../data/duplicate-index-repo';
import { keys } from '../../data/keys';
import { NotFoundError } from '../../lib/errors';
import { bandHashes, contentHash, duplicateCandidates, findDuplicate, signature } from './duplicates';

export interface EvidenceHome {
  /** the client whose library keeps the item (none for a placeholder) */
  organizationId: string | undefined;
  /** the S3 prefix of an item's files */
  prefix: (id: string) => string;
}

export async function evidenceHome(ref: string): Promise<EvidenceHome> {
  if (isPlaceholder(ref)) return { organizationId: undefined, prefix: (id) => keys.evidenceObjectPrefix(ref, id) };
  const organizationId = await reportOrganization(ref);
  if (!organizationId) throw new NotFoundError(reportsDetails.reportNotFound);
  return { organizationId, prefix: (id) => keys.libraryObjectPrefix(organizationId, id) };
}

/**
 * What duplicate detection keeps on an item: the content's hash, the text's MinHash signature, and the hashes of
 * the signature's bands (what the item is listed under in its client's duplicate index).
 */
export function fingerprint(content: Uint8Array | string, text: string): { content_hash: string; text_signature?: number[]; dup_bands: string[] } {
  const sig = signature(text);
  return { content_hash: contentHash(content), ...(sig.length ? { text_signature: sig } : {}), dup_bands: bandHashes(sig) };
}

/**
 * The client's library item a new one duplicates (none for a placeholder, which has no library yet), as
 * findDuplicate over the whole library answers it: the index entries of the new item's content hash and bands
 * (one BatchGetItem), then the candidates they name (at most MAX_DUPLICATE_CANDIDATES, one BatchGetItem), compared.
 */
export async function duplicateIn(home: EvidenceHome, added: { id: string; content_hash: string; text_signature?: number[] }): Promise<DuplicateOffer | undefined> {
  if (!home.organizationId) return undefined;
  const index = await readDuplicateIndex(home.organizationId, added.content_hash, bandHashes(added.text_signature));
  const candidates = duplicateCandidates(added.id, index.sameContent, index.bands);
  if (!candidates.length) return undefined;
  return findDuplicate(added, await libraryFingerprints(home.organizationId, candidates));
}
