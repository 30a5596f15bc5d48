/**
 * Password policy (ASVS 5.0 V6.2): at least 8 characters, up to 256 allowed (well past 64),
 * no composition rules, and the most common passwords refused. Cognito's pool policy matches the
 * length rule; cognito-local enforces nothing, so this check is ours in both places.
 */
import { gunzipSync } from 'node:zlib';
import { userPoolDefinition } from '@shared/resources/user-pool';
import { details } from '@shared/messages';
import { BadRequestError } from '../../lib/errors';
import { COMMON_PASSWORDS_GZIP_B64 } from './common-passwords.gen';

export const PASSWORD_MIN_LENGTH = userPoolDefinition.passwordPolicy.minLength;
export const PASSWORD_MAX_LENGTH = userPoolDefinition.passwordMaxLength;

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(gunzipSync(Buffer.from(COMMON_PASSWORDS_GZIP_B64, 'base64')).toString('utf8').split('\n'));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Returns the first rule the password breaks, or null when it is acceptable. */
export function passwordProblem(password: string, identity: { username?: string; email?: string } = {}): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return details.passwordTooShort(PASSWORD_MIN_LENGTH);
  if (length > PASSWORD_MAX_LENGTH) return details.passwordTooLong(PASSWORD_MAX_LENGTH);
  const lower = password.toLowerCase();
  if ((identity.username && lower === identity.username.toLowerCase()) || (identity.email && lower === identity.email.toLowerCase())) {
    return details.passwordMatchesIdentity;
  }
  if (isCommonPassword(password)) return details.passwordTooCommon;
  return null;
}

export function assertPasswordPolicy(password: string, identity: { username?: string; email?: string } = {}): void {
  const problem = passwordProblem(password, identity);
  if (problem) throw new BadRequestError(problem);
}
