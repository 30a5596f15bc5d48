/**
 * Client teams: list, add, remove and change the role of members, make a client confidential, and
 * the staff autocomplete. Who may do each is the access policy's, checked before these run (functions/http/api.ts
 * with the route's `clientAction`); the rules here are the team's own: the last lead cannot leave or be
 * demoted, a member is added once, every change is in the audit log (same transaction).
 */
import { adminDetails } from '@shared/messages/admin';
import { organizationsDetails } from '@shared/messages/organizations';
import { teamsDetails } from '@shared/messages/teams';
import type { AddMemberBody, StaffMember, Team, TeamRole } from '@shared/schemas/teams';
import { allOrganizationIds, getOrganization } from '../../data/organizations-repo';
import { clientListing, clientReports, getReport, relistReport } from '../../data/reports-repo';
import {
  addMember as insertMember,
  addUserClients,
  changeRole,
  confidentialClientIds,
  dropUserClientUnlessMember,
  getMember,
  listMembers,
  markUserClientsKept,
  removeMember as deleteMember,
  userClientsKept,
  setConfidential as storeConfidential,
  type TeamOutcome,
} from '../../data/teams-repo';
import { getProfile, searchProfiles } from '../../data/users-repo';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { standing } from '../access/access';
import { reconcileClient, storeBenchmarkConsent } from '../benchmarks';
import { clientBenchFacts } from '../../data/benchmarks-repo';
import { confidentialitySet, teamChanged } from '../audit/change-entries';

/** Name and email of a member of staff, for their membership items (the username stands in when there is no profile). */
export async function staffProfile(username: string): Promise<{ username: string; name: string; email: string }> {
  const profile = await getProfile(username);
  return { username, name: profile?.name ?? username, email: profile?.email ?? '' };
}

export async function getTeam(caller: string, organizationId: string): Promise<Team> {
  const [access, members, bench] = await Promise.all([standing(caller, organizationId), listMembers(organizationId), clientBenchFacts(organizationId)]);
  if (!access.exists) throw new NotFoundError(organizationsDetails.organizationNotFound);
  members.sort((a, b) => a.name.localeCompare(b.name) || a.username.localeCompare(b.username));
  return { organization_id: organizationId, confidential: access.confidential, my_role: access.role ?? null, members, benchmark_consent: bench?.consent === true };
}

async function organizationOf(id: string) {
  const org = await getOrganization(id);
  if (!org) throw new NotFoundError(organizationsDetails.organizationNotFound);
  return org;
}

function settle(outcome: TeamOutcome, username: string): void {
  if (outcome.ok) return;
  if (outcome.reason === 'missing') throw new NotFoundError(organizationsDetails.organizationNotFound);
  if (outcome.reason === 'exists') throw new ConflictError(teamsDetails.teamMemberExists(username));
  if (outcome.reason === 'last-lead') throw new ConflictError(teamsDetails.teamLastLead(username));
  throw new ConflictError(teamsDetails.teamMemberChanged(username));
}

export async function addMember(by: string, organizationId: string, input: AddMemberBody) {
  const [org, profile] = await Promise.all([organizationOf(organizationId), getProfile(input.username)]);
  if (!profile) throw new BadRequestError(adminDetails.unknownUser(input.username));
  const now = new Date().toISOString();
  const outcome = await insertMember(
    { organizationId, username: profile.username, name: profile.name, email: profile.email, role: input.role, by, now },
    teamChanged(org, `added ${profile.username} as ${input.role}`, by, now),
  );
  settle(outcome, profile.username);
  return { success: true as const, team: await getTeam(by, organizationId) };
}

export async function removeMember(by: string, organizationId: string, username: string) {
  const [org, member] = await Promise.all([organizationOf(organizationId), getMember(organizationId, username)]);
  if (!member) throw new NotFoundError(teamsDetails.teamMemberMissing(username));
  const now = new Date().toISOString();
  settle(await deleteMember(organizationId, username, member.role, teamChanged(org, `removed ${username} (was ${member.role})`, by, now)), username);
  return { success: true as const, team: await getTeam(by, organizationId) };
}

export async function changeMemberRole(by: string, organizationId: string, username: string, role: TeamRole) {
  const [org, member] = await Promise.all([organizationOf(organizationId), getMember(organizationId, username)]);
  if (!member) throw new NotFoundError(teamsDetails.teamMemberMissing(username));
  if (member.role !== role) {
    const now = new Date().toISOString();
    settle(await changeRole(organizationId, username, member.role, role, teamChanged(org, `${username}: ${member.role} → ${role}`, by, now)), username);
  }
  return { success: true as const, team: await getTeam(by, organizationId) };
}

/**
 * A client with no lead is led by its creator without a membership item (it was made before teams existed); before
 * such a client becomes confidential its creator is put on its team as lead, so that it stays in their lists.
 */
async function recordImplicitLead(by: string, org: Awaited<ReturnType<typeof organizationOf>>, now: string): Promise<void> {
  const member = await getMember(org.id, by);
  if (member?.role === 'lead') return;
  const profile = await staffProfile(by);
  const outcome = member
    ? await changeRole(org.id, by, member.role, 'lead', teamChanged(org, `${by}: ${member.role} → lead`, by, now))
    : await insertMember({ organizationId: org.id, ...profile, role: 'lead', by, now }, teamChanged(org, `added ${by} as lead`, by, now));
  settle(outcome, by);
}

export async function setConfidential(by: string, organizationId: string, confidential: boolean) {
  const [org, caller] = await Promise.all([organizationOf(organizationId), standing(by, organizationId)]);
  if (org.confidential !== confidential) {
    const now = new Date().toISOString();
    if (confidential && caller.role === 'lead') await recordImplicitLead(by, org, now);
    settle(await storeConfidential(organizationId, confidential, by, now, confidentialitySet(org, confidential, by, now)), by);
  } else if (confidential && !(await clientListing(organizationId))?.countsListed) {
    // made confidential before the list of confidential clients kept counts: brought up to date (no change to audit)
    settle(await storeConfidential(organizationId, true, by, new Date().toISOString(), undefined), by);
  }
  // its reports follow (again, when a move was cut short), in the lists and in the benchmarks
  await relistReports(organizationId, confidential);
  await reconcileClient(organizationId);
  return { success: true as const, team: await getTeam(by, organizationId) };
}

/**
 * Moves a client's reports into its own list partitions (confidential) or back to the open lists; each move
 * holds only while the report's status is the one read (a status change meanwhile: read it again).
 */
async function relistReports(organizationId: string, confidential: boolean): Promise<number> {
  const target = confidential ? organizationId : undefined;
  const moving = (await clientReports(organizationId)).filter((r) => r.listedUnder !== target);
  let next = 0;
  const worker = async () => {
    while (next < moving.length) {
      const report = moving[next++]!;
      let status = report.status;
      for (let attempt = 0; attempt < 8; attempt++) {
        const result = await relistReport(report.id, status, target);
        if (result !== 'changed') break;
        const current = await getReport(report.id, { consistent: true });
        if (!current) break;
        status = current.status;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, moving.length) }, worker));
  return moving.length;
}

/**
 * Brings every confidential client up to date with the dashboard's listing of confidential clients (a migration, safe to
 * run again): its report counts copied into the list of confidential clients, it and its reports out of the
 * open lists. Lists and counts are right before it runs as after; it only makes them cheaper to read.
 */
export async function relistConfidentialClients(): Promise<{ clients: number; reports: number }> {
  let reports = 0;
  const ids = await confidentialClientIds();
  for (const id of ids) {
    settle(await storeConfidential(id, true, 'migration', new Date().toISOString(), undefined), 'migration');
    reports += await relistReports(id, true);
  }
  return { clients: ids.length, reports };
}

/**
 * Fills every user's clients item from the teams (a migration for a table older than the items, safe to run
 * again and with the app running), then marks the table so the lists read the items instead of the index. Each
 * team is read strongly consistent from its client's partition; the items take the union (a membership added
 * meanwhile is kept), then each client added is checked against its membership again and taken out if that is
 * gone (removed meanwhile). Reads every client's team once: a one-off, never on a request's way.
 */
export async function keepUserClients(): Promise<{ users: number; memberships: number; dropped: number; already: boolean }> {
  // a table marked (new, or migrated before) has had every membership written with its user's item since
  if (await userClientsKept()) return { users: 0, memberships: 0, dropped: 0, already: true };
  const clients = await allOrganizationIds(await confidentialClientIds());
  const byUser = new Map<string, string[]>();
  for (const id of clients) for (const m of await listMembers(id)) byUser.set(m.username, [...(byUser.get(m.username) ?? []), id]);
  let memberships = 0;
  let dropped = 0;
  for (const [username, ids] of byUser) {
    await addUserClients(username, ids);
    memberships += ids.length;
    for (const id of ids) if (!(await getMember(id, username)) && (await dropUserClientUnlessMember(username, id))) dropped++;
  }
  await markUserClientsKept();
  return { users: byUser.size, memberships, dropped, already: false };
}

/** At most this many matches per autocomplete request. */
const STAFF_MATCHES = 10;

export async function searchStaff(q: string): Promise<{ items: StaffMember[] }> {
  return { items: await searchProfiles(q, STAFF_MATCHES) };
}

/** The lead's setting whether this client's Final reports count in the firm's sector benchmarks. */
export async function setBenchmarkConsent(by: string, organizationId: string, allowed: boolean) {
  await storeBenchmarkConsent(by, organizationId, allowed);
  return { success: true as const, team: await getTeam(by, organizationId) };
}
