/**
 * Every user-visible string from the specification (../shared/spec.md), once.
 * The SPA reads its texts from here; the functions read their server messages from here.
 */
export const messages = {
  brand: {
    footer: (provider: string, year: number) => `© ${year} ${provider}. All rights reserved.`,
  },
  auth: {
    title: 'Business Analysis',
    subtitle: 'Sign in to access your executive reports',
    headings: {
      login: 'Sign In',
      register: 'Create Account',
      forgot: 'Reset Password',
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
      registered: 'Account created successfully. You can now sign in.',
      resetCodeSent: 'If an account exists for that email, a reset code has been sent.',
      passwordReset: 'Password reset successfully.',
      signedOut: 'Signed out.',
    },
  },
  dashboard: {
    heading: 'Executive Business Analysis Reports',
    signOut: 'Sign Out',
    startNew: 'Start New Assessment',
    newReport: 'New Report',
    tabs: { overview: 'Overview', wizards: 'Wizards', editor: 'Editor', evidence: 'Evidence', visuals: 'Visuals', exports: 'Exports' },
    tools: {
      wizards: { title: 'Report Wizards', description: 'Build a report step by step, from project setup to the finished, branded document.', button: 'Launch Wizards' },
      editor: { title: 'Advanced Editor', description: 'Power mode with rich markdown editing of every report section.', button: 'Open Editor' },
      evidence: { title: 'Evidence Library', description: 'Upload and manage evidence, documents and data sources.', button: 'Manage Evidence' },
      visuals: { title: 'Visualizations', description: 'Create charts and graphs for your findings.', button: 'Create Visuals' },
      exports: { title: 'Export Reports', description: 'Export finished reports as DOCX, PDF or PPTX.', button: 'Export Reports' },
    },
    stats: { total: 'Total Reports', organizations: 'Organizations', draft: 'Draft Reports', final: 'Final Reports' },
    modalTitles: {
      all: (n: number) => `All Reports (${n})`,
      organizations: (n: number) => `All Organizations (${n})`,
      draft: (n: number) => `Draft Reports (${n})`,
      final: (n: number) => `Final Reports (${n})`,
    },
    recentReports: 'Recent Reports',
    empty: {
      title: 'No Reports Yet',
      body: 'Create your first business assessment report to get started',
      button: 'Create First Report',
    },
    noItems: 'No items found.',
    selectAll: 'Select All',
    deselectAll: 'Deselect All',
    deleteSelected: (n: number) => `Delete Selected (${n})`,
    dragHandle: (title: string) => `Drag to reorder ${title}`,
    selectReport: (title: string) => `Select ${title}`,
    statusButton: (status: string) => `Status: ${status}. Change status`,
    buttons: { edit: 'Edit', export: 'Export', delete: 'Delete', save: 'Save', cancel: 'Cancel', loadMore: 'Load more', close: 'Close' },
    labels: { owner: 'Owner', created: 'Created', updated: 'Updated', sector: 'Sector', geography: 'Geography', currency: 'Currency', fyStart: 'FY start', name: 'Name' },
    confirm: {
      deleteReport: 'Are you sure you want to delete this report? This action cannot be undone.',
      deleteReports: (count: number) => `Are you sure you want to delete ${count} report(s)? This action cannot be undone.`,
      deleteOrganization: (orgName: string) => `Are you sure you want to delete "${orgName}"? This action cannot be undone.`,
    },
    toasts: {
      loadFailed: 'Failed to load data',
      reportDeleted: 'Report deleted successfully',
      reportDeleteFailed: 'Failed to delete report',
      bulkDeleted: (count: number) => `Successfully deleted ${count} report(s)`,
      bulkDeleteFailed: 'Failed to delete some reports',
      noneSelected: 'No reports selected',
      statusUpdated: (status: string) => `Status updated to: ${status}`,
      statusFailed: 'Failed to update status',
      orgUpdated: 'Organization updated successfully',
      orgUpdateFailed: 'Failed to update organization',
      orgDeleted: 'Organization deleted successfully',
      orgDeleteFailed: 'Failed to delete organization',
      orgNameRequired: 'Organization name is required',
      reordered: 'Reports reordered',
      reloaded: 'The latest data has been loaded.',
    },
    staleEdit: 'Someone else changed this organization while you were editing. Save again to apply your changes on top of theirs, or Cancel to keep theirs.',
  },
  common: {
    loading: 'Loading…',
  },
} as const;

/** Server-side error details (the `detail` of 4xx answers). Not in the spec; kept here so tests and UI share them. */
export const details = {
  invalidCredentials: 'Invalid username or password',
  lockedOut: (seconds: number) =>
    `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  usernameTaken: 'That username is already taken',
  emailTaken: 'An account with that email address already exists',
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
  unauthorized: 'Unauthorized',
  notFound: 'Not found',
  bodyTooLarge: (max: number) => `Request body is too large (the limit is ${formatBytes(max)})`,
  invalidJson: 'Request body is not valid JSON',
  jsonContentType: 'Content-Type must be application/json',
  internal: 'Internal server error',
  invalidCursor: 'cursor is not valid; start again from the first page',
  organizationNotFound: 'Organization not found',
  reportNotFound: 'Report not found',
  reportOrganizationMissing: 'organization_id does not match any organization',
  organizationStale: (by: string) =>
    `This organization was changed by ${by} after you opened it; the latest version has been loaded, please apply your change again`,
  reportStale: (by: string) =>
    `This report was changed by ${by} after you opened it; the latest version has been loaded, please try again`,
  organizationInUse: (name: string, count: number) =>
    `${name} cannot be deleted: ${count} report${count === 1 ? ' uses' : 's use'} it. Delete those reports first.`,
} as const;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}
