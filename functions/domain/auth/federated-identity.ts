import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import type { FederatedIdentity } from '../../data/federated-profiles-repo';

/**
 * Who signed in, from the tokens Cognito's token endpoint just gave us over TLS (OIDC Core 3.1.3.7: tokens
 * received straight from the token endpoint need no signature check here; every API call verifies the access
 * token). The username is Cognito's (`<provider>_<subject>`), the name and email come from the IdP's mapping.
 * The email is taken only when the IdP says it is verified (`email_verified`): administrators are named by
 * email, so an address the IdP did not check must not make anyone one.
 */
export function identityFromTokens(accessToken: string, idToken: string): FederatedIdentity {
  const access = decomposeUnverifiedJwt(accessToken).payload;
  const id = decomposeUnverifiedJwt(idToken).payload;
  const claimed = access.username ?? id['cognito:username'];
  const username = typeof claimed === 'string' ? claimed : '';
  const verified = id.email_verified === true || id.email_verified === 'true';
  const email = verified && typeof id.email === 'string' ? id.email.toLowerCase() : '';
  const name = typeof id.name === 'string' && id.name.trim() ? id.name.trim() : email || username;
  return { username, name, email };
}
