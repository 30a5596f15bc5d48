import {
  ConfirmEmailBody,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  LoginBody,
  MessageResponse,
  RegisterBody,
  ResendConfirmationBody,
  ResetPasswordBody,
  SessionResponse,
  VerificationResponse,
  VerifyResponse,
} from '@shared/schemas/auth';
import { FederatedSignInBody } from '@shared/schemas/federation';
import { defineRoute, routeTable } from '../route-types';

/** Sign-in, registration, password reset and the session (spec section 7, plus refresh and logout). */
export const authRoutes = routeTable({
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    handler: 'auth/login',
    auth: 'none',
    summary: 'Sign in with username and password',
    body: LoginBody,
    response: SessionResponse,
    throttle: 'auth',
    // the Cognito and DynamoDB clients (sign-in records its refresh token; the session checks read the revocation
    // mark)
    bundleBudgetKb: 360,
    access: { table: 'readwrite', tableKeys: ['accounts', 'loginFailures', 'sessions', 'refreshSessions', 'authRateLimits'], userPoolClient: true },
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/auth/register',
    handler: 'auth/register',
    auth: 'none',
    summary: 'Create a staff account; it signs in once its owner has proven the mailbox (a code is mailed)',
    body: RegisterBody,
    response: VerificationResponse,
    throttle: 'auth',
    // Cognito, DynamoDB and SES clients together (the confirmation code is mailed at once)
    bundleBudgetKb: 400,
    access: { table: 'readwrite', tableKeys: ['accounts', 'verifyCodes', 'authRateLimits'], userPool: ['AdminCreateUser', 'AdminSetUserPassword', 'AdminDeleteUser'], email: true },
  }),
  confirmEmail: defineRoute({
    method: 'POST',
    path: '/api/auth/confirm-email',
    handler: 'auth/confirm-email',
    auth: 'none',
    summary: 'Prove the mailbox of a new account with the code mailed at registration; the account may then sign in',
    body: ConfirmEmailBody,
    response: MessageResponse,
    throttle: 'auth',
    // the Cognito client
    bundleBudgetKb: 355,
    access: { table: 'readwrite', tableKeys: ['accounts', 'verifyCodes', 'authRateLimits'], userPool: ['AdminEnableUser', 'AdminUpdateUserAttributes'] },
  }),
  resendConfirmation: defineRoute({
    method: 'POST',
    path: '/api/auth/resend-confirmation',
    handler: 'auth/resend-confirmation',
    auth: 'none',
    summary: 'Mail a new confirmation code to an account that has not proven its mailbox (same answer for any username)',
    body: ResendConfirmationBody,
    response: VerificationResponse,
    throttle: 'auth',
    // the SES client
    bundleBudgetKb: 360,
    access: { table: 'readwrite', tableKeys: ['accounts', 'verifyCodes', 'authRateLimits'], email: true },
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/forgot-password',
    handler: 'auth/forgot-password',
    auth: 'none',
    summary: 'Mail a single-use password reset code',
    body: ForgotPasswordBody,
    response: ForgotPasswordResponse,
    throttle: 'auth',
    // the SES client
    bundleBudgetKb: 360,
    access: { table: 'readwrite', tableKeys: ['accounts', 'resetCodes', 'authRateLimits'], email: true },
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password',
    handler: 'auth/reset-password',
    auth: 'none',
    summary: 'Set a new password with a reset code',
    body: ResetPasswordBody,
    response: MessageResponse,
    throttle: 'auth',
    // the Cognito client
    bundleBudgetKb: 355,
    access: { table: 'readwrite', tableKeys: ['accounts', 'resetCodes', 'authRateLimits', 'loginFailures', 'sessions'], userPool: ['AdminSetUserPassword', 'AdminUserGlobalSignOut'] },
  }),
  verify: defineRoute({
    method: 'GET',
    path: '/api/auth/verify',
    handler: 'auth/verify',
    summary: 'Verify the bearer token and return the signed-in user',
    response: VerifyResponse,
    access: { table: 'read', tableKeys: ['accounts', 'sessions'], userPoolClient: true },
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/api/auth/refresh',
    handler: 'auth/refresh',
    auth: 'none',
    summary: 'Exchange the refresh-token cookie for a new access token (refused once the session was ended)',
    bodyType: 'none',
    response: SessionResponse,
    throttle: 'auth',
    // the Cognito and DynamoDB clients (sign-in records its refresh token; the session checks read the revocation
    // mark)
    bundleBudgetKb: 360,
    access: { table: 'readwrite', tableKeys: ['accounts', 'sessions', 'refreshSessions'], userPoolClient: true },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    handler: 'auth/logout',
    auth: 'none',
    summary: 'Sign this browser out: its access tokens end at once, the refresh token is revoked and its cookie cleared',
    bodyType: 'none',
    response: MessageResponse,
    throttle: 'auth',
    clientLimit: false,
    // the Cognito and DynamoDB clients (sign-in records its refresh token; the session checks read the revocation
    // mark)
    bundleBudgetKb: 360,
    access: { table: 'readwrite', tableKeys: ['refreshSessions', 'sessions'], userPoolClient: true },
  }),
  logoutAll: defineRoute({
    method: 'POST',
    path: '/api/auth/logout-all',
    handler: 'auth/logout-all',
    summary: 'Sign out everywhere: every session of the signed-in user ends (its access tokens and refresh tokens are refused)',
    bodyType: 'none',
    response: MessageResponse,
    throttle: 'auth',
    clientLimit: false,
    // the Cognito and DynamoDB clients (sign-in records its refresh token; the session checks read the revocation
    // mark)
    bundleBudgetKb: 360,
    access: { table: 'readwrite', tableKeys: ['sessions', 'refreshSessions'], userPoolClient: true, userPool: ['AdminUserGlobalSignOut'] },
  }),
  // sign-in through the firm's identity provider (Cognito federation; README "Sign-in through your identity provider")
  federatedSignIn: defineRoute({
    method: 'POST',
    path: '/api/auth/federated',
    handler: 'auth/federated-sign-in',
    auth: 'none',
    summary: "Exchange the hosted UI's authorization code (PKCE) for a session, as password sign-in gives",
    body: FederatedSignInBody,
    response: SessionResponse,
    throttle: 'auth',
    // the Cognito and DynamoDB clients, the limit per client address and the sign-in's audit entry
    bundleBudgetKb: 325,
    // the profile it creates on the first sign-in, and the session records sign-in writes
    access: { table: 'readwrite', tableKeys: ['accounts', 'sessions', 'refreshSessions'], userPoolClient: true, federation: true },
  }),
});
