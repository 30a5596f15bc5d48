import { randomUUID } from 'node:crypto';
import type { CreatedResponse, CreateOrganizationBody, Organization, OrganizationPage, UpdateOrganizationBody } from '@shared/schemas/organizations';
import { organizationsDetails } from '@shared/messages/organizations';
import { systemDetails } from '@shared/messages/system';
import {
  getOrganization as findOrganization,
  insertOrganization,
  listOrganizations as queryOrganizations,
  removeOrganization,
  replaceOrganization,
} from '../../data/organizations-repo';
import { putAudit } from '../../data/audit-repo';
import { deleteDuplicateIndex } from '../../data/duplicate-index-repo';
import { deleteLibraryRecord, forgetLibraryChanges, listLibrary } from '../../data/evidence-repo';
import { keys } from '../../data/keys';
import { deletePrefix } from '../../data/object-store';
import { InvalidCursorError } from '../../data/cursor';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { organizationDeleted, organizationUpdated } from '../audit/change-entries';
import { listingScopeOf, type ListingScope } from '../access/access';
import { staffProfile } from '../teams/teams';
import { discardClientTemplates } from '../templates';

/** A page of the organizations the caller may see (confidential clients they are not on left out), and their total. */
export async function listOrganizations(username: string, limit: number, cursor?: string, read?: ListingScope): Promise<OrganizationPage> {
  try {
    const scope = read ?? (await listingScopeOf(username));
    return await queryOrganizations(limit, cursor, { hidden: new Set(scope.hidden), own: scope.own, sortKeys: scope.sortKeys });
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new BadRequestError(systemDetails.invalidCursor);
    throw error;
  }
}

export async function getOrganization(id: string): Promise<Organization> {
  const org = await findOrganization(id);
  if (!org) throw new NotFoundError(organizationsDetails.organizationNotFound);
  return org;
}

/** Creates the organization; its creator is the lead of its team (same transaction). */
export async function createOrganization(input: CreateOrganizationBody, by: string): Promise<CreatedResponse> {
  const org = await insertOrganization({ ...input, id: randomUUID(), by, now: new Date().toISOString() }, await staffProfile(by));
  return { success: true, id: org.id, version: org.version };
}

export async function updateOrganization(id: string, input: UpdateOrganizationBody, by: string) {
  const now = new Date().toISOString();
  const outcome = await replaceOrganization(id, { ...input, by, now });
  if (outcome.ok) {
    // a single conditional update: its entry is written right after it succeeded
    await putAudit(organizationUpdated(outcome.previous, input, by, now));
    return { success: true as const, version: outcome.version };
  }
  if (outcome.reason === 'missing') throw new NotFoundError(organizationsDetails.organizationNotFound);
  throw new ConflictError(organizationsDetails.organizationStale(outcome.current?.updated_by ?? 'someone else'));
}

/**
 * Deletes a client, refused (409) while it has reports. Its evidence library goes with it: with no
 * report left no item is referenced, so each item's files and then the item are removed, as deleting one does.
 * Only after the client's own deletion succeeded: a refused delete never touches the library.
 */
export async function deleteOrganization(id: string, by: string) {
  const outcome = await removeOrganization(id, (organization) => organizationDeleted(organization, by, new Date().toISOString()));
  if (outcome.ok) {
    // what the client owned goes with it: its evidence library, and its own firm templates
    await deleteClientLibrary(id);
    await discardClientTemplates(id);
    return { success: true as const };
  }
  if (outcome.reason === 'missing') throw new NotFoundError(organizationsDetails.organizationNotFound);
  throw new ConflictError(organizationsDetails.organizationInUse(outcome.current?.name ?? 'This organization', outcome.current?.report_count ?? 1));
}

/**
 * A deleted client's library items: each one's files (S3), then the item. Then its whole duplicate index, in one
 * pass (no item takes itself off it first: nothing can be added to a deleted client's library meanwhile), and the
 * library's change counter. Returns how many items went.
 */
async function deleteClientLibrary(organizationId: string): Promise<number> {
  const items = await listLibrary(organizationId);
  for (const item of items) {
    await deletePrefix(keys.libraryObjectPrefix(organizationId, item.id));
    await deleteLibraryRecord(organizationId, item.id, { clientGone: true });
  }
  await deleteDuplicateIndex(organizationId);
  await forgetLibraryChanges(organizationId);
  return items.length;
}
