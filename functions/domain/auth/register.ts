import { authDetails, authTexts } from '@shared/messages/auth';
import type { RegisterBody, VerificationResponse } from '@shared/schemas/auth';
import { createUser, deleteUser, PasswordRejectedError, UserExistsError } from '../../data/identity-provider';
import { claimIdentity, IdentityTakenError, markUnverified, releaseIdentity } from '../../data/users-repo';
import { BadRequestError, ConflictError, ForbiddenError } from '../../lib/errors';
import { authConfig } from './auth-config';
import { issueConfirmationCode } from './email-confirmation';
import { emailDomainAllowed } from './email-domain';
import { assertPasswordPolicy } from './password-policy';

/**
 * Registers a staff account that can sign in only once its owner has proven the mailbox: domain rule,
 * password policy, then the username and email claimed together, then the Cognito user (disabled until
 * confirmed), then a confirmation code mailed. A failure after the claim releases it again. A taken
 * username and a taken email get the same answer, so registration does not tell which one exists.
 */
export async function register(input: RegisterBody, allowedDomains = authConfig.ALLOWED_EMAIL_DOMAINS, demoMode = authConfig.DEMO_MODE): Promise<VerificationResponse> {
  if (!emailDomainAllowed(input.email, allowedDomains)) {
    throw new ForbiddenError(authDetails.emailDomainNotAllowed(allowedDomains));
  }
  assertPasswordPolicy(input.password, { username: input.username, email: input.email });

  try {
    await claimIdentity({ username: input.username, email: input.email, name: input.name });
  } catch (error) {
    if (error instanceof IdentityTakenError) throw new ConflictError(authDetails.identityTaken);
    throw error;
  }

  try {
    try {
      await createUser(input);
    } catch (error) {
      if (!(error instanceof UserExistsError)) throw error;
      // our claim took over an account whose mailbox was never proven: its Cognito user goes with it
      await deleteUser(input.username);
      await createUser(input);
    }
  } catch (error) {
    await releaseIdentity(input.username, input.email);
    if (error instanceof UserExistsError) throw new ConflictError(authDetails.identityTaken);
    if (error instanceof PasswordRejectedError) throw new BadRequestError(error.message);
    throw error;
  }
  let code: string;
  try {
    await markUnverified(input.username, input.email);
    code = await issueConfirmationCode(input.username, input.email);
  } catch (error) {
    // the code could not be stored or mailed (SES not answering, say): no half-made account is left behind,
    // so registering again works once the service is back
    await deleteUser(input.username).catch(() => undefined);
    await releaseIdentity(input.username, input.email).catch(() => undefined);
    throw error;
  }
  return { success: true, message: authTexts.server.registered, ...(demoMode ? { demo_verification_code: code } : {}) };
}
