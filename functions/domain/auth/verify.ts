import { authDetails } from '@shared/messages/auth';
import type { VerifyResponse } from '@shared/schemas/auth';
import { verifyAccessToken } from '../../lib/jwt';
import { AuthenticationError } from '../../lib/errors';
import { publicUser } from './session';

/** Verifies the bearer token itself (the authorizer has too) and answers with the user. */
export async function verifySession(authorization: string | undefined): Promise<VerifyResponse> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match?.[1]) throw new AuthenticationError(authDetails.missingToken);
  let claims;
  try {
    claims = await verifyAccessToken(match[1]);
  } catch {
    throw new AuthenticationError(authDetails.invalidToken);
  }
  return { success: true, user: await publicUser(claims.username) };
}
