import { authDetails } from '@shared/messages/auth';
import type { FederatedSignInBody } from '@shared/schemas/federation';
import { ensureFederatedProfile } from '../../data/federated-profiles-repo';
import { CodeRefusedError, exchangeAuthorizationCode, hostedUiSettings } from '../../data/hosted-ui';
import { revokeRefreshToken } from '../../data/identity-provider';
import { AuthenticationError, ForbiddenError, NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { identityFromTokens } from './federated-identity';
import type { SignedIn } from './login';
import { rememberRefreshSession, sessionFrom } from './session';
import { recordSignIn } from './sign-in-record';

/**
 * Starts a session from the hosted UI's authorization code, the same way password sign-in does: the access
 * token in the body, the refresh token in the HttpOnly cookie (never in the browser's script).
 */
export async function federatedSignIn({ code, code_verifier }: FederatedSignInBody, clientAddress = 'unknown'): Promise<SignedIn> {
  const settings = hostedUiSettings();
  if (!settings) throw new NotFoundError(authDetails.federationOff);
  let tokens;
  try {
    tokens = await exchangeAuthorizationCode(settings, code, code_verifier);
  } catch (error) {
    if (error instanceof CodeRefusedError) {
      logger.security('signin.failure', { how: 'identity provider', reason: 'code refused' });
      throw new AuthenticationError(authDetails.federationCodeRefused);
    }
    logger.warn('hosted UI token exchange failed', { error: (error as Error).name, message: (error as Error).message });
    throw new ServiceUnavailableError(authDetails.federationUnavailable);
  }
  const identity = identityFromTokens(tokens.accessToken, tokens.idToken);
  if (!identity.username) throw new AuthenticationError(authDetails.federationCodeRefused);
  const status = await ensureFederatedProfile(identity);
  if (status === 'deactivated') {
    if (tokens.refreshToken) await revokeRefreshToken(tokens.refreshToken).catch(() => undefined);
    logger.security('signin.refused', { user: identity.username, status, how: 'identity provider' });
    throw new ForbiddenError(authDetails.accountDeactivated);
  }
  const session = await sessionFrom(tokens.accessToken);
  if (tokens.refreshToken) await rememberRefreshSession(tokens.refreshToken, tokens.accessToken);
  await recordSignIn(session.user.username, session.user.name, clientAddress, 'identity provider');
  return { session, refreshToken: tokens.refreshToken };
}
