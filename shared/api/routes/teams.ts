import { AddMemberBody, BenchmarkConsentBody, ChangeRoleBody, ConfidentialBody, MemberParams, StaffList, StaffQuery, Team, TeamChanged, TeamParams } from '@shared/schemas/teams';
import { defineRoute, routeTable } from '../route-types';

/**
 * Client teams and confidential clients. Who may call each is the access policy's
 * (functions/domain/access/policy.ts, through `clientAction`): the team is read by whoever may read the
 * client, and changed by its leads only.
 */
export const teamRoutes = routeTable({
  getTeam: defineRoute({
    method: 'GET',
    path: '/api/organizations/{id}/team',
    handler: 'teams/get-team',
    summary: "A client's team (members and roles), whether it is confidential, and the caller's own role",
    params: TeamParams,
    response: Team,
    access: { table: 'read' },
  }),
  addTeamMember: defineRoute({
    method: 'POST',
    path: '/api/organizations/{id}/team',
    handler: 'teams/add-member',
    summary: "Put a member of staff on the client's team with a role (leads only); 409 when already on it",
    params: TeamParams,
    body: AddMemberBody,
    response: TeamChanged,
    clientAction: 'manage_team',
    access: { table: 'readwrite' },
  }),
  updateTeamMember: defineRoute({
    method: 'PUT',
    path: '/api/organizations/{id}/team/{username}',
    handler: 'teams/update-member',
    summary: "Change a member's role (leads only); 409 for the last lead",
    params: MemberParams,
    body: ChangeRoleBody,
    response: TeamChanged,
    clientAction: 'manage_team',
    access: { table: 'readwrite' },
  }),
  removeTeamMember: defineRoute({
    method: 'DELETE',
    path: '/api/organizations/{id}/team/{username}',
    handler: 'teams/remove-member',
    summary: 'Take a member off the team (leads only); 409 for the last lead',
    params: MemberParams,
    response: TeamChanged,
    clientAction: 'manage_team',
    access: { table: 'readwrite' },
  }),
  setConfidential: defineRoute({
    method: 'PUT',
    path: '/api/organizations/{id}/confidential',
    handler: 'teams/set-confidential',
    summary: 'Make the client confidential (only its team sees it) or open to all staff again (leads only)',
    params: TeamParams,
    body: ConfidentialBody,
    response: TeamChanged,
    clientAction: 'manage_team',
    // the client's Final reports enter or leave the sector benchmarks with its confidentiality
    access: { table: 'readwrite', tableKeys: ['app', 'benchmarks'] },
  }),
  setBenchmarkConsent: defineRoute({
    method: 'PUT',
    path: '/api/organizations/{id}/benchmark-consent',
    handler: 'teams/set-benchmark-consent',
    summary: "Whether this client's Final reports count in the firm's sector benchmarks (leads only; confidential clients count only with it)",
    params: TeamParams,
    body: BenchmarkConsentBody,
    response: TeamChanged,
    clientAction: 'manage_team',
    access: { table: 'readwrite', tableKeys: ['app', 'benchmarks'] },
  }),
  searchStaff: defineRoute({
    method: 'GET',
    path: '/api/staff',
    handler: 'teams/search-staff',
    summary: "Active staff whose username, name or email starts with q (at most 10): the team's autocomplete",
    query: StaffQuery,
    response: StaffList,
    access: { table: 'read', tableKeys: ['app', 'userList'] },
  }),
});
