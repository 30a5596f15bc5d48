import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import type { SessionResponse, User } from '@shared/schemas/auth';
import { getProfile } from '../../data/users-repo';

/** The public view of a user, from the profile written at registration. */
export async function publicUser(username: string): Promise<User> {
  const profile = await getProfile(username);
  return profile ? { username: profile.username, name: profile.name, email: profile.email } : { username, name: username, email: '' };
}

/** Builds the session answer from a Cognito access token (just issued by Cognito, so only decoded here). */
export async function sessionFrom(accessToken: string): Promise<SessionResponse> {
  const { payload } = decomposeUnverifiedJwt(accessToken);
  const username = String(payload.username ?? '');
  const expiresIn = Math.max(0, Number(payload.exp ?? 0) - Math.floor(Date.now() / 1000));
  return { success: true, token: accessToken, expires_in: expiresIn, user: await publicUser(username) };
}
