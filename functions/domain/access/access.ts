/**
 * The one authorization call of every client- or report-scoped operation (issue 23): resolve the client (from
 * a report id when that is what the request names), read the caller's membership, and ask the policy. The API
 * middleware calls `authorizeRequest` for every route before its handler (see functions/http/api.ts), so
 * handlers carry no checks of their own; lists read the caller's listing scope (`listingScopeOf`, or the one a
 * `listing` route's session check read).
 */
import type { ScopeRef } from '@shared/api/access-scope';
import { organizationsDetails } from '@shared/messages/organizations';
import { reportsDetails } from '@shared/messages/reports';
import { teamsDetails } from '@shared/messages/teams';
import type { TeamRole } from '@shared/schemas/teams';
import { getReport } from '../../data/reports-repo';
import { listingScope, sessionAndListingScope, type ListingScope } from '../../data/listing-scope-repo';
import { clientAccess } from '../../data/teams-repo';
import { assertStateLive } from '../auth';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { actionWords, decide, teamRole, type Action } from './policy';

export type { ListingScope };

export interface Access {
  organizationId: string;
  exists: boolean;
  confidential: boolean;
  role: TeamRole | undefined;
}

/** The error an outsider gets: the very answer the route gives for an id that does not exist. */
function notFound(ref: ScopeRef): Error {
  if (ref.kind === 'report') return new NotFoundError(reportsDetails.reportNotFound);
  return ref.from === 'path' ? new NotFoundError(organizationsDetails.organizationNotFound) : new BadRequestError(reportsDetails.reportOrganizationMissing);
}

/** The caller's standing on one client, their role as the policy counts it (a client with no lead is led by its creator). */
export async function standing(username: string, organizationId: string): Promise<Access> {
  const stored = await clientAccess(organizationId, username);
  return { organizationId, exists: stored.exists, confidential: stored.confidential, role: teamRole(username, stored.role, stored) };
}

/** The caller's standing on one client; throws what the policy decides when `action` is not allowed (not found when it does not exist). */
async function authorizeClient(username: string, organizationId: string, action: Action, ref: ScopeRef = { kind: 'organization', id: organizationId, from: 'path' }): Promise<Access> {
  const access = await standing(username, organizationId);
  // a client that does not exist (or no longer: its audit log stays readable) is the operation's to answer
  if (!access.exists) return access;
  const decision = decide(access.role, action, access);
  if (decision === 'hidden') throw notFound(ref);
  if (decision === 'forbidden') {
    throw new ForbiddenError(action === 'manage_team' ? teamsDetails.teamLeadOnly : teamsDetails.teamRoleCannot(access.role ?? 'staff', actionWords[action]));
  }
  return access;
}

/**
 * Checks one reference of a request. A report the caller may not see gets the very answer of one that does
 * not exist, which is answered here too, before the operation looks at anything else: so no later check (a
 * cursor, a sub-resource, a URL) can tell the two apart. A client that does not exist is left to the operation.
 */
async function authorizeRef(username: string, ref: ScopeRef, action: Action): Promise<void> {
  if (ref.kind === 'organization') {
    await authorizeClient(username, ref.id, action, ref);
    return;
  }
  const report = await getReport(ref.id, { consistent: true });
  if (!report) throw notFound(ref);
  await authorizeClient(username, report.organization_id, action, ref);
}

export async function authorizeRequest(username: string, refs: readonly ScopeRef[], action: Action): Promise<void> {
  await Promise.all(refs.map((ref) => authorizeRef(username, ref, action)));
}

/**
 * What the caller's lists leave out and merge in: the confidential clients they are not on (`hidden`, with the
 * report counts kept of them), and those they are on (`own`, whose list partitions their pages merge).
 */
export function listingScopeOf(username: string): Promise<ListingScope> {
  return listingScope(username);
}

/**
 * The session check of a list route, and the caller's listing scope read beside it (one round trip fewer per
 * page): refuses as assertSessionLive does, before anything of the scope is used.
 */
export async function checkSessionWithListingScope(username: string, claims: Record<string, unknown>): Promise<ListingScope> {
  const { session, scope } = await sessionAndListingScope(username);
  assertStateLive(username, claims, session);
  return scope;
}
