/** The access policy as a table: role × action × open/confidential → decision; and the route table's scopes. */
import { describe, expect, it } from 'vitest';
import { pathScopes, requestScopes, routeAction } from '@shared/api/access-scope';
import { routeList } from '@shared/api/routes';
import { TEAM_ROLES, type TeamRole } from '@shared/schemas/teams';
import { ACTIONS, can, decide, mayReview, teamRole, visible, type Action, type Decision } from '../../functions/domain/access/policy';

type Row = [role: TeamRole | 'outsider', action: Action, open: Decision, confidential: Decision];

// Prepare: the whole table, written out (what each role may do on an open and on a confidential client)
const TABLE: Row[] = [
  ['lead', 'read', 'allow', 'allow'],
  ['lead', 'comment', 'allow', 'allow'],
  ['lead', 'edit', 'allow', 'allow'],
  ['lead', 'approve', 'allow', 'allow'],
  ['lead', 'manage_team', 'allow', 'allow'],
  ['lead', 'request_review', 'allow', 'allow'],
  ['lead', 'override_final', 'allow', 'allow'],
  ['lead', 'reopen', 'allow', 'allow'],
  ['reviewer', 'read', 'allow', 'allow'],
  ['reviewer', 'comment', 'allow', 'allow'],
  ['reviewer', 'edit', 'allow', 'forbidden'],
  ['reviewer', 'approve', 'allow', 'allow'],
  ['reviewer', 'manage_team', 'forbidden', 'forbidden'],
  ['reviewer', 'request_review', 'allow', 'forbidden'],
  ['reviewer', 'override_final', 'forbidden', 'forbidden'],
  ['reviewer', 'reopen', 'forbidden', 'forbidden'],
  ['editor', 'read', 'allow', 'allow'],
  ['editor', 'comment', 'allow', 'allow'],
  ['editor', 'edit', 'allow', 'allow'],
  ['editor', 'approve', 'forbidden', 'forbidden'],
  ['editor', 'manage_team', 'forbidden', 'forbidden'],
  ['editor', 'request_review', 'allow', 'allow'],
  ['editor', 'override_final', 'forbidden', 'forbidden'],
  ['editor', 'reopen', 'forbidden', 'forbidden'],
  ['viewer', 'read', 'allow', 'allow'],
  ['viewer', 'comment', 'allow', 'allow'],
  ['viewer', 'edit', 'allow', 'forbidden'],
  ['viewer', 'approve', 'forbidden', 'forbidden'],
  ['viewer', 'manage_team', 'forbidden', 'forbidden'],
  ['viewer', 'request_review', 'allow', 'forbidden'],
  ['viewer', 'override_final', 'forbidden', 'forbidden'],
  ['viewer', 'reopen', 'forbidden', 'forbidden'],
  ['outsider', 'read', 'allow', 'hidden'],
  ['outsider', 'comment', 'allow', 'hidden'],
  ['outsider', 'edit', 'allow', 'hidden'],
  ['outsider', 'approve', 'forbidden', 'hidden'],
  ['outsider', 'manage_team', 'forbidden', 'hidden'],
  ['outsider', 'request_review', 'allow', 'hidden'],
  ['outsider', 'override_final', 'forbidden', 'hidden'],
  ['outsider', 'reopen', 'forbidden', 'hidden'],
];

describe('access policy: role × action × open/confidential', () => {
  it('covers every role and action exactly once', () => {
    expect(TABLE.length).toBe((TEAM_ROLES.length + 1) * ACTIONS.length);
    expect(new Set(TABLE.map(([r, a]) => `${r}:${a}`)).size).toBe(TABLE.length);
  });

  it.each(TABLE)('%s may %s: open → %s, confidential → %s', (role, action, open, confidential) => {
    // Act
    const member = role === 'outsider' ? undefined : role;
    // Assess
    expect(decide(member, action, { confidential: false })).toBe(open);
    expect(decide(member, action, { confidential: true })).toBe(confidential);
    expect(can(member, action, { confidential: true })).toBe(confidential === 'allow');
  });

  it('shows a confidential client in lists only to its team; an open one to everyone', () => {
    expect(visible(undefined, { confidential: true })).toBe(false);
    expect(visible(undefined, { confidential: false })).toBe(true);
    for (const role of TEAM_ROLES) expect(visible(role, { confidential: true })).toBe(true);
  });
});

describe('who may be named as a reviewer', () => {
  it('is who may approve: reviewers and leads of the team, on an open client as on a confidential one; never staff off the team', () => {
    for (const confidential of [false, true]) {
      expect(mayReview('lead', { confidential })).toBe(true);
      expect(mayReview('reviewer', { confidential })).toBe(true);
      expect(mayReview('editor', { confidential })).toBe(false);
      expect(mayReview('viewer', { confidential })).toBe(false);
      expect(mayReview(undefined, { confidential })).toBe(false);
    }
  });
});

describe('a client with no lead (made before teams existed)', () => {
  it('is led by its creator, who may then manage its team; nobody else gains a role', () => {
    // Prepare: a client with no lead and no members, created by ann
    const legacy = { createdBy: 'ann', leadCount: 0 };
    // Act + Assess
    expect(teamRole('ann', undefined, legacy)).toBe('lead');
    expect(decide(teamRole('ann', undefined, legacy), 'manage_team', { confidential: false })).toBe('allow');
    expect(teamRole('ann', 'editor', legacy)).toBe('lead');
    expect(teamRole('bob', undefined, legacy)).toBeUndefined();
    expect(teamRole('bob', 'viewer', legacy)).toBe('viewer');
    expect(teamRole('ann', undefined, { createdBy: undefined, leadCount: 0 })).toBeUndefined();
  });

  it('is not led by its creator once it has a lead', () => {
    const led = { createdBy: 'ann', leadCount: 1 };
    expect(teamRole('ann', undefined, led)).toBeUndefined();
    expect(teamRole('ann', 'viewer', led)).toBe('viewer');
    expect(decide(teamRole('ann', undefined, led), 'manage_team', { confidential: false })).toBe('forbidden');
  });
});

describe('which client a request is about (shared/api/access-scope.ts)', () => {
  it('finds a report or organization scope for every route whose path names one', () => {
    // Prepare: every path parameter that names a report or a client
    const scoped = routeList.filter((r) => /^\/api\/(reports|organizations)\/\{id\}/.test(r.path) || r.path.includes('{report_id}'));
    // Assess
    expect(scoped.length).toBeGreaterThan(40);
    for (const route of scoped) expect(pathScopes(route).length, route.id).toBeGreaterThan(0);
    expect(pathScopes({ path: '/api/reports' })).toEqual([]);
    expect(pathScopes({ path: '/api/staff' })).toEqual([]);
  });

  it('reads report_id and organization_id from the validated input, but not a wizard placeholder', () => {
    const route = { path: '/api/files/presign' };
    expect(requestScopes(route, { body: { report_id: 'temp-0b7f2a4e-8d1c-4c1e-9a59-9f0a2f7f3b11' } })).toEqual([]);
    expect(requestScopes(route, { body: { report_id: 'r1' } })).toEqual([{ kind: 'report', id: 'r1', from: 'input' }]);
    expect(requestScopes({ path: '/api/reports' }, { body: { organization_id: 'o1' } })).toEqual([{ kind: 'organization', id: 'o1', from: 'input' }]);
    expect(requestScopes({ path: '/api/reports/{id}/evidence' }, { params: { id: 'r1' }, body: { report_id: 'r1' } })).toEqual([{ kind: 'report', id: 'r1', from: 'path' }]);
    expect(requestScopes({ path: '/api/reports/{id}/evidence/interview' }, { params: { id: 'temp-0b7f2a4e-8d1c-4c1e-9a59-9f0a2f7f3b11' } })).toEqual([]);
    expect(requestScopes({ path: '/api/wizard/setup' }, { body: { setup: { organizationId: 'o1', reportId: 'r1' } } })).toEqual([
      { kind: 'report', id: 'r1', from: 'input' },
      { kind: 'organization', id: 'o1', from: 'input' },
    ]);
  });

  it('reads for GET and edits otherwise, unless the route says', () => {
    expect(routeAction({ method: 'GET' })).toBe('read');
    expect(routeAction({ method: 'DELETE' })).toBe('edit');
    expect(routeAction({ method: 'PUT', clientAction: 'manage_team' })).toBe('manage_team');
  });
});
