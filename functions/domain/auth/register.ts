import { details, messages } from '@shared/messages';
import type { MessageResponse, RegisterBody } from '@shared/schemas/auth';
import { createUser, PasswordRejectedError, UserExistsError } from '../../data/identity-provider';
import { activateIdentity, claimIdentity, IdentityTakenError, releaseIdentity } from '../../data/users-repo';
import { BadRequestError, ConflictError, ForbiddenError } from '../../lib/errors';
import { authConfig } from './auth-config';
import { emailDomainAllowed } from './email-domain';
import { assertPasswordPolicy } from './password-policy';

/**
 * Registers a confirmed staff account: domain rule, password policy, then the username and email
 * claimed together, then the Cognito user. A failure after the claim releases it again.
 */
export async function register(input: RegisterBody, allowedDomains = authConfig.ALLOWED_EMAIL_DOMAINS): Promise<MessageResponse> {
  if (!emailDomainAllowed(input.email, allowedDomains)) {
    throw new ForbiddenError(details.emailDomainNotAllowed(allowedDomains));
  }
  assertPasswordPolicy(input.password, { username: input.username, email: input.email });

  try {
    await claimIdentity({ username: input.username, email: input.email, name: input.name });
  } catch (error) {
    if (error instanceof IdentityTakenError) {
      throw new ConflictError(error.field === 'username' ? details.usernameTaken : details.emailTaken);
    }
    throw error;
  }

  try {
    await createUser(input);
  } catch (error) {
    await releaseIdentity(input.username, input.email);
    if (error instanceof UserExistsError) throw new ConflictError(details.usernameTaken);
    if (error instanceof PasswordRejectedError) throw new BadRequestError(error.message);
    throw error;
  }
  await activateIdentity(input.username, input.email);
  return { success: true, message: messages.auth.server.registered };
}
