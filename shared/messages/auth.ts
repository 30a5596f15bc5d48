/**
 * The texts of the sign-in screens (and the federated sign-in): a module of their own, so the sign-in page
 * downloads these rather than the whole text table of ../messages.ts (which includes them as `messages.auth`
 * and `messages.federatedSignIn`). Every user-visible string still lives in shared/messages.ts or here.
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
