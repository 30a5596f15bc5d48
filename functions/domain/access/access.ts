/**
 * The one authorization call of every client- or report-scoped operation: resolve the client (from a report id
 * when that is what the request names), read the caller's membership, and ask the policy. The API middleware
 * calls `authorizeRequest` for every route before its handler (see functions/http/api.ts), so handlers carry no
 * checks of their own, and what it read (the reports, the clients, the caller's standing on each) becomes the
 * request's context, which the operation takes instead of reading it again (`reportInContext`). Lists read the
 * caller's listing scope (`listingScopeOf`, or the one a `listing` route's session check read).
 */
import type { ScopeRef } from '@shared/api/access-scope';
import { evidenceDetails } from '@shared/messages/evidence';
import { organizationsDetails } from '@shared/messages/organizations';
import { reportsDetails } from '@shared/messages/reports';
import { teamsDetails } from '@shared/messages/teams';
import type { Report } from '@shared/schemas/reports';
import { placeholderCreator } from '../../data/placeholders-repo';
import { getReport } from '../../data/reports-repo';
import { listingScope, type ListingScope } from '../../data/listing-scope-repo';
import { clientAccess, clientAccesses, standingKey } from '../../data/teams-repo';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { AuthUser, ClientStanding, ReportInContext, RequestContext } from '../../lib/middleware/types';
import { isAdministrator } from '../auth';
import { actionWords, administratorMayChange, decide, teamRole, visible, type Action } from './policy';

export type { ListingScope };

/** The caller's standing on one client (and the client's record), as the policy counts it. */
export type Access = ClientStanding;

/** The error an outsider gets: the very answer the route gives for an id that does not exist (shared/api/access-scope.ts). */
function notFound(ref: ScopeRef): Error {
  switch (ref.missing) {
    case 'report':
      return new NotFoundError(reportsDetails.reportNotFound);
    case 'evidence':
      return new NotFoundError(evidenceDetails.evidenceNotFound);
    case 'organization':
      return new NotFoundError(organizationsDetails.organizationNotFound);
    case 'organization_id':
      return new BadRequestError(reportsDetails.reportOrganizationMissing);
  }
}

/** The caller's standing on one client, their role as the policy counts it (a client with no lead is led by its creator). */
export async function standing(username: string, organizationId: string): Promise<Access> {
  const stored = await clientAccess(organizationId, username);
  return { organizationId, exists: stored.exists, confidential: stored.confidential, role: teamRole(username, stored.role, stored), organization: stored.organization };
}

/**
 * Of these (client, person) pairs, those where the person may read the client now (it exists, and the policy lets
 * them read it): one batch for all of them. For what is told to people about a client's items after the fact (the
 * bell, the digest, a notification's mail), so that it follows their access as it is, not as it was.
 */
export async function mayReadClients(pairs: readonly { organizationId: string; username: string }[]): Promise<(pair: { organizationId: string; username: string }) => boolean> {
  const standings = await clientAccesses(pairs);
  return ({ organizationId, username }) => {
    const s = standings.get(standingKey(organizationId, username));
    return Boolean(s?.exists) && visible(teamRole(username, s!.role, s!), s!);
  };
}

/**
 * Throws what the policy decides when `action` on the client is not allowed (not found when the caller may not see
 * it). A client that does not exist (or no longer: deleted) is not found, as one they may not see, for everyone
 * but administrators: the operation answers them (a deleted client's audit log stays theirs to read).
 */
async function assertAllowed(access: Access, action: Action, ref: ScopeRef, administrator: () => Promise<boolean>): Promise<void> {
  if (!access.exists) {
    if (await administrator()) return;
    throw notFound(ref);
  }
  let decision = decide(access.role, action, access);
  if (decision === 'forbidden' && administratorMayChange(action)) decision = decide(access.role, action, access, { administrator: await administrator() });
  if (decision === 'hidden') throw notFound(ref);
  if (decision === 'forbidden') {
    const words = action === 'manage_team' ? teamsDetails.teamLeadOnly : action === 'delete_client' ? teamsDetails.clientDeleteLeadOnly : undefined;
    throw new ForbiddenError(words ?? teamsDetails.teamRoleCannot(access.role ?? 'staff', actionWords[action]));
  }
}

/**
 * Checks every reference of a request (shared/api/access-scope.ts requestScopes) and answers what it read: the
 * request's context. Each client is read once, however many of the references lead to it. A report or client the
 * caller may not see gets the very answer of one that does not exist, which is answered here too, before the
 * operation looks at anything else: so no later check (a cursor, a sub-resource, a URL) can tell the two apart.
 * A placeholder (`temp-<uuid>`) is its creator's alone: anyone else gets the answer of one with nothing in it.
 * The references are all checked side by side, and the first refused one in the request's order answers, so the
 * answer never depends on which read came back first.
 */
export async function authorizeRequest(user: AuthUser, refs: readonly ScopeRef[], action: Action): Promise<RequestContext> {
  const reports = new Map<string, Report>();
  const read = new Map<string, Promise<Access>>();
  const clientOf = (organizationId: string): Promise<Access> => {
    let access = read.get(organizationId);
    if (!access) read.set(organizationId, (access = standing(user.username, organizationId)));
    return access;
  };
  let admin: Promise<boolean> | undefined;
  const administrator = () => (admin ??= isAdministrator(user.username));
  const outcomes = await Promise.allSettled(
    refs.map(async (ref) => {
      if (ref.kind === 'organization') return assertAllowed(await clientOf(ref.id), action, ref, administrator);
      if (ref.kind === 'placeholder') {
        const creator = await placeholderCreator(ref.id);
        if (creator !== undefined && creator !== user.username) throw notFound(ref);
        return;
      }
      const report = await getReport(ref.id, { consistent: true });
      if (!report) throw notFound(ref);
      await assertAllowed(await clientOf(report.organization_id), action, ref, administrator);
      reports.set(ref.id, report);
    }),
  );
  const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (refused) throw refused.reason;
  const clients = new Map<string, Access>();
  for (const [id, access] of read) clients.set(id, await access);
  return { user, reports, clients };
}

/**
 * A report of this request as the access check read it, with its client. One the check did not read is not
 * found, as it would have answered: the request does not name it as a report (a wizard placeholder id, which no
 * report holds).
 */
export function reportInContext(context: RequestContext, id: string): ReportInContext {
  const report = context.reports.get(id);
  const client = report && context.clients.get(report.organization_id);
  if (!report || !client) throw new NotFoundError(reportsDetails.reportNotFound);
  return { report, client };
}

/**
 * What the caller's lists leave out and merge in: the confidential clients they are not on (`hidden`, with the
 * report counts kept of them), and those they are on (`own`, whose list partitions their pages merge).
 */
export function listingScopeOf(username: string): Promise<ListingScope> {
  return listingScope(username);
}
