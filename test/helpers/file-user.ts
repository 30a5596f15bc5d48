/**
 * The user a test file acts as: registered and signed in before the file's tests (a `beforeAll` of the file), and
 * given an organization of their own when one is described (its name made unique). `api` calls the gateway as
 * them, or with another token.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import { http, registerAndLogin } from './http';

export interface FileUser {
  token: string;
  username: string;
  /** the organization's id ('' when none was asked for) */
  orgId: string;
}

export function fileUser(gw: string, prefix: string, organization?: { name: string; sector?: string; geography?: string }) {
  const me: FileUser = { token: '', username: '', orgId: '' };
  const api = <T = any>(method: string, path: string, body?: unknown, as = me.token) => http<T>(gw, method, path, { token: as, body });
  beforeAll(async () => {
    const session = await registerAndLogin(gw, prefix);
    me.token = session.token;
    me.username = session.user.username;
    if (organization) me.orgId = (await api('POST', '/api/organizations', { ...organization, name: `${organization.name} ${randomUUID().slice(0, 6)}` })).body.id;
  });
  return { me, api };
}
