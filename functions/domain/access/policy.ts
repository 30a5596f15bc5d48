/**
 * THE access policy (DESIGN.md "Access"): what a person may do with a client (an organization) and
 * everything under it, from their role on its team and whether the client is confidential. Pure: no I/O.
 *
 * - An open client (the spec's behaviour) is read and written by all signed-in staff; managing its team and
 *   approving are for its team (lead; reviewers approve).
 * - A confidential client exists only for its team: anyone else is told it does not exist (404, never 403, so
 *   its name cannot leak). Administrators are not exempt.
 * - Deleting a client (its team, library and templates go with it) is for its leads, and for administrators on a
 *   client they can see.
 */
import type { TeamRole } from '@shared/schemas/teams';

export const ACTIONS = ['read', 'comment', 'edit', 'approve', 'manage_team', 'request_review', 'override_final', 'reopen', 'delete_client'] as const;
export type Action = (typeof ACTIONS)[number];

/** What each role may do on its client, open or confidential. */
const ROLE_ACTIONS: Record<TeamRole, readonly Action[]> = {
  lead: ['read', 'comment', 'edit', 'approve', 'manage_team', 'request_review', 'override_final', 'reopen', 'delete_client'],
  reviewer: ['read', 'comment', 'approve'],
  editor: ['read', 'comment', 'edit', 'request_review'],
  viewer: ['read', 'comment'],
};

/**
 * What any signed-in member of staff may do on an open client, team or not. Asking for a review goes with
 * editing (whoever may write a section may ask for it to be reviewed); approving, overriding Final and reopening a
 * Final report never do: they are the team's (its reviewers and leads; reopening its leads'), open client or not,
 * so only they may be named as reviewers.
 */
const OPEN_TO_STAFF: readonly Action[] = ['read', 'comment', 'edit', 'request_review'];

export interface ClientFacts {
  confidential: boolean;
}

/** What the client item says about its team: who created it and how many leads its team has (`lead_count`). */
export interface ClientTeamFacts {
  createdBy: string | undefined;
  leadCount: number;
}

/**
 * A person's role on a client's team: their membership's, except that a client with no lead (one created before
 * teams existed has no members at all) is led by its creator, so that someone can manage its team.
 */
export function teamRole(username: string, memberRole: TeamRole | undefined, client: ClientTeamFacts): TeamRole | undefined {
  if (client.leadCount < 1 && client.createdBy !== undefined && client.createdBy === username) return 'lead';
  return memberRole;
}

/** What an administrator may do on any client they can see, whatever their role on its team. */
const ADMINISTRATOR_ACTIONS: readonly Action[] = ['delete_client'];

/** allow; `hidden`: the client must look as if it did not exist (404); `forbidden`: known to them, but not this (403). */
export type Decision = 'allow' | 'hidden' | 'forbidden';

export function decide(role: TeamRole | undefined, action: Action, client: ClientFacts, caller: { administrator?: boolean } = {}): Decision {
  if (role && ROLE_ACTIONS[role].includes(action)) return 'allow';
  if (!client.confidential && OPEN_TO_STAFF.includes(action)) return 'allow';
  if (client.confidential && !role) return 'hidden';
  if (caller.administrator && ADMINISTRATOR_ACTIONS.includes(action)) return 'allow';
  return 'forbidden';
}

/** Whether being an administrator could turn a refusal of this action into an allowance (so it is worth reading). */
export const administratorMayChange = (action: Action): boolean => ADMINISTRATOR_ACTIONS.includes(action);

export function can(role: TeamRole | undefined, action: Action, client: ClientFacts): boolean {
  return decide(role, action, client) === 'allow';
}

/** Whether someone with this role may be named as a reviewer: whoever may approve (reviewers and leads). */
export function mayReview(role: TeamRole | undefined, client: ClientFacts): boolean {
  return role !== undefined && can(role, 'approve', client);
}

/** Whether the client shows in a person's lists, counts and search. */
export function visible(role: TeamRole | undefined, client: ClientFacts): boolean {
  return decide(role, 'read', client) === 'allow';
}

/** Words for an action, in a refusal ("As viewer on this client's team you may not edit it"). */
export const actionWords: Record<Action, string> = {
  read: 'read it',
  comment: 'comment on it',
  edit: 'edit it',
  approve: 'approve its work',
  manage_team: 'change its team',
  request_review: 'ask for a review of its work',
  override_final: 'set a report Final without its approvals',
  reopen: 'reopen a Final report',
  delete_client: 'delete the client',
};
