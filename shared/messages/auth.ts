/**
 * The texts of the sign-in screens and the federated sign-in (`messages.auth`, `messages.federatedSignIn`), which
 * the sign-in page downloads alone, and the auth routes' error details.
 */

/** sign-in through the firm's identity provider (a deploy option: README "Sign-in through your identity provider") */
export const federatedSignInTexts = {
  button: (label: string) => `Sign in with ${label}`,
  divider: 'or',
  busy: 'Redirecting...',
  callbackHeading: 'Signing you in',
  callbackBusy: 'Finishing your sign-in...',
  callbackFailed: 'The sign-in did not complete.',
  stateMismatch: 'This sign-in was not started from this browser tab, or it was already used. Please sign in again.',
  providerError: (reason: string) => `The identity provider refused the sign-in: ${reason}`,
  missingCode: 'The identity provider did not send a sign-in code. Please sign in again.',
  backToSignIn: 'Back to Sign In',
  cryptoUnavailable: 'This browser cannot start a secure sign-in (Web Crypto is unavailable).',
} as const;

export const authTexts = {
  title: 'Business Analysis',
  subtitle: 'Sign in to access your executive reports',
  headings: {
    login: 'Sign In',
    register: 'Create Account',
    forgot: 'Reset Password',
  },
  confirm: {
    title: 'Confirm your email address',
    help: 'Enter the code we emailed you when you created your account.',
    code: 'Confirmation code',
    placeholder: 'Enter the confirmation code',
    submit: 'Confirm Email',
    busy: 'Confirming...',
    resend: 'Send a new code',
    failed: 'Confirmation failed. Please try again.',
  },
  links: {
    forgot: 'Forgot your password?',
    createPrompt: "Don't have an account?",
    create: 'Create one',
    signInPrompt: 'Already have an account?',
    rememberPrompt: 'Remember your password?',
    signIn: 'Sign in',
  },
  fields: {
    username: 'Username',
    password: 'Password',
    name: 'Full Name',
    email: 'Email',
    resetCode: 'Reset Code',
    newPassword: 'New Password',
  },
  placeholders: {
    username: 'Enter your username',
    password: 'Enter your password',
    name: 'Enter your full name',
    email: 'Enter your email address',
    resetCode: 'Enter the reset code',
    newPassword: 'Enter a new password',
  },
  buttons: {
    login: 'Sign In',
    register: 'Create Account',
    sendCode: 'Send Reset Code',
    reset: 'Reset Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
  busy: {
    login: 'Signing In...',
    register: 'Creating Account...',
    forgot: 'Processing...',
  },
  validation: {
    loginRequired: 'Please enter both username and password',
    allFields: 'Please fill in all fields',
    emailRequired: 'Please enter your email address',
  },
  toasts: {
    loginSuccess: 'Login successful!',
    loginInvalid: 'Invalid username or password',
    loginFailed: 'Login failed. Please try again.',
    registerFailed: 'Registration failed. Please try again.',
    forgotFailed: 'Password recovery failed. Please try again.',
    resetFailed: 'Password reset failed. Please try again.',
    resetSuccess: 'Password reset successfully! You can now sign in.',
    signedOut: 'Signed out successfully',
  },
  /** Server messages (the spec shows "the server message" as the toast). */
  server: {
    registered: 'Account created. We have emailed you a confirmation code: enter it below to activate your account.',
    confirmationSent: 'If that account is waiting for confirmation, a new code has been sent to its email address.',
    emailConfirmed: 'Email confirmed. You can now sign in.',
    resetCodeSent: 'If an account exists for that email, a reset code has been sent.',
    passwordReset: 'Password reset successfully.',
    signedOut: 'Signed out.',
    signedOutEverywhere: 'Signed out on every device.',
    userDeactivated: (username: string) => `${username} has been deactivated and signed out everywhere.`,
  },
} as const;

export const authDetails = {
  invalidCredentials: 'Invalid username or password',
  /** the auth routes' limit per client address (AUTH_LIMITS) */
  tooManyFromAddress: (seconds: number) => `Too many requests from your network address; try again in ${seconds} seconds`,
  /** password checks per username from every address together */
  tooManySignIns: (seconds: number) => `Too many sign-in attempts for this account; try again in ${seconds} seconds`,
  lockedOut: (seconds: number) =>
    `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  usernameTaken: 'That username is already taken',
  emailTaken: 'An account with that email address already exists',
  /** one answer for a taken username and a taken email, so registration does not tell which exists */
  identityTaken: 'That username or email address is already registered',
  emailNotConfirmed: 'Please confirm your email address first: enter the code we emailed you when you created your account, or ask for a new one.',
  confirmationCodeInvalid: 'The confirmation code is invalid or has expired; ask for a new one',
  confirmationCodeAttempts: 'Too many attempts with this confirmation code; ask for a new one',
  resetAttemptsExceeded: (minutes: number) => `Too many reset attempts for this email address; try again in ${minutes} minutes`,
  emailDomainNotAllowed: (domains: readonly string[]) =>
    `Registration is limited to email addresses at ${domains.join(', ')}`,
  passwordTooShort: (min: number) => `Password must be at least ${min} characters long`,
  passwordTooLong: (max: number) => `Password must be at most ${max} characters long`,
  passwordTooCommon: 'This password is too common; choose a less predictable one',
  passwordMatchesIdentity: 'Password must not be the same as your username or email address',
  resetCodeInvalid: 'The reset code is invalid or has expired',
  resetCodeAttempts: 'Too many attempts with this reset code; request a new one',
  missingToken: 'Missing bearer token',
  invalidToken: 'The access token is invalid or has expired',
  noRefreshSession: 'No active session to refresh; please sign in again',
  /** the session was ended after it signed in (password reset, sign out everywhere, deactivation) */
  sessionEnded: 'This session has been ended (the password was reset, the account signed out everywhere or was deactivated); please sign in again',
  accountDeactivated: 'This account has been deactivated; ask an administrator if you need access again',
  /** a token of an account that is not active (its mailbox not proven, or no profile): the API refuses it */
  accountInactive: 'This account is not active yet; confirm your email address, then sign in again',
  unauthorized: 'Unauthorized',
  federationOff: 'Sign-in through an identity provider is not set up for this deployment',
  federationCodeRefused: 'The sign-in through your identity provider has expired or was already used; please sign in again',
  federationUnavailable: 'The sign-in service could not be reached; please try again',
} as const;
