import { details, messages } from '@shared/messages';
import type { MessageResponse } from '@shared/schemas/auth';
import { InvalidCredentialsError, refreshSession, revokeRefreshToken } from '../../data/identity-provider';
import { AuthenticationError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { SignedIn } from './login';
import { sessionFrom } from './session';

/** A new access token for the refresh token in the session cookie. */
export async function refresh(refreshToken: string | undefined): Promise<SignedIn> {
  if (!refreshToken) throw new AuthenticationError(details.noRefreshSession);
  try {
    const tokens = await refreshSession(refreshToken);
    return { session: await sessionFrom(tokens.accessToken), refreshToken: tokens.refreshToken };
  } catch (error) {
    if (error instanceof InvalidCredentialsError) throw new AuthenticationError(details.noRefreshSession);
    throw error;
  }
}

/** Revokes the refresh token (best effort: signing out must always succeed for the user). */
export async function logout(refreshToken: string | undefined): Promise<MessageResponse> {
  if (refreshToken) {
    await revokeRefreshToken(refreshToken).catch((error: Error) =>
      logger.warn('refresh token revocation failed', { error: error.name }),
    );
  }
  return { success: true, message: messages.auth.server.signedOut };
}
