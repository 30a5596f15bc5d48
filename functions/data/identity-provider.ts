/**
 * Cognito, behind the few operations the auth domain needs. Locally cognito-local plays the pool
 * (it reports a wrong password as InvalidPasswordException, the cloud as NotAuthorizedException).
 */
import {
  CognitoIdentityProviderClient,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { optionalNonEmpty, readConfig } from '../lib/config';

const config = readConfig({
  USER_POOL_ID: optionalNonEmpty(),
  USER_POOL_CLIENT_ID: optionalNonEmpty(),
});

let client: CognitoIdentityProviderClient | undefined;
const cognitoClient = () => (client ??= new CognitoIdentityProviderClient({}));

function poolId(): string {
  if (!config.USER_POOL_ID) throw new Error('USER_POOL_ID is not configured for this function');
  return config.USER_POOL_ID;
}
function clientId(): string {
  if (!config.USER_POOL_CLIENT_ID) throw new Error('USER_POOL_CLIENT_ID is not configured for this function');
  return config.USER_POOL_CLIENT_ID;
}

export interface Tokens {
  accessToken: string;
  refreshToken?: string;
}

export class InvalidCredentialsError extends Error {
  constructor() {
    super('invalid credentials');
    this.name = 'InvalidCredentialsError';
  }
}
export class UserExistsError extends Error {
  constructor() {
    super('user exists');
    this.name = 'UserExistsError';
  }
}
export class PasswordRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasswordRejectedError';
  }
}

const CREDENTIAL_ERRORS = new Set([
  'NotAuthorizedException',
  'InvalidPasswordException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);

export async function authenticate(username: string, password: string): Promise<Tokens> {
  try {
    const out = await cognitoClient().send(
      new InitiateAuthCommand({
        ClientId: clientId(),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    const result = out.AuthenticationResult;
    if (!result?.AccessToken) throw new InvalidCredentialsError(); // a challenge we do not support
    return { accessToken: result.AccessToken, refreshToken: result.RefreshToken };
  } catch (error) {
    if (error instanceof Error && CREDENTIAL_ERRORS.has(error.name)) throw new InvalidCredentialsError();
    throw error;
  }
}

export async function refreshSession(refreshToken: string): Promise<Tokens> {
  try {
    const out = await cognitoClient().send(
      new InitiateAuthCommand({
        ClientId: clientId(),
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    const result = out.AuthenticationResult;
    if (!result?.AccessToken) throw new InvalidCredentialsError();
    return { accessToken: result.AccessToken, refreshToken: result.RefreshToken };
  } catch (error) {
    if (error instanceof Error && CREDENTIAL_ERRORS.has(error.name)) throw new InvalidCredentialsError();
    throw error;
  }
}

export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  await cognitoClient().send(new RevokeTokenCommand({ ClientId: clientId(), Token: refreshToken }));
}

/**
 * Creates a user with a permanent password and an unverified email until its owner proves the mailbox
 * (enableVerifiedUser). Admin APIs, so the pool can keep self sign-up disabled and our domain rules (allowed
 * email domains, password policy) cannot be bypassed. The user is enabled, so that our sign-in can check the
 * password before it says "not confirmed" (a disabled user is refused whatever the password); until the mailbox
 * is proven our sign-in gives it no session and the session check refuses any token it gets from Cognito itself.
 */
export async function createUser(input: { username: string; password: string; email: string; name: string }): Promise<void> {
  try {
    await cognitoClient().send(
      new AdminCreateUserCommand({
        UserPoolId: poolId(),
        Username: input.username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: input.email },
          { Name: 'email_verified', Value: 'false' },
          { Name: 'name', Value: input.name },
        ],
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'UsernameExistsException') throw new UserExistsError();
    throw error;
  }
  try {
    await setPassword(input.username, input.password);
  } catch (error) {
    await deleteUser(input.username).catch(() => undefined);
    throw error;
  }
}

/** The mailbox is proven: the email is marked verified (and a user registered while they were held disabled is enabled). */
export async function enableVerifiedUser(username: string, email: string): Promise<void> {
  await cognitoClient().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: poolId(),
      Username: username,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognitoClient().send(new AdminEnableUserCommand({ UserPoolId: poolId(), Username: username }));
}

export async function setPassword(username: string, password: string): Promise<void> {
  try {
    await cognitoClient().send(
      new AdminSetUserPasswordCommand({ UserPoolId: poolId(), Username: username, Password: password, Permanent: true }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'InvalidPasswordException') throw new PasswordRejectedError(error.message);
    throw error;
  }
}

/** An administrator deactivates the account: Cognito refuses it every token from now on. */
export async function disableUser(username: string): Promise<void> {
  await cognitoClient().send(new AdminDisableUserCommand({ UserPoolId: poolId(), Username: username }));
}

/** Cognito's own global sign-out (its refresh tokens); the cloud only, cognito-local does not implement it. */
export async function globalSignOut(username: string): Promise<void> {
  await cognitoClient().send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId(), Username: username }));
}

export async function deleteUser(username: string): Promise<void> {
  await cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: poolId(), Username: username }));
}
