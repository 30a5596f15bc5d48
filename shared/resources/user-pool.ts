/**
 * The Cognito user pool and app client, declared once for CDK (infra/stacks/auth-stack.ts)
 * and for the local harness (cognito-local, infra/local/resources.ts).
 */
export const userPoolDefinition = {
  logicalName: 'assay-staff',
  /** ASVS 5.0 V6.2: at least 8, no composition rules; common passwords are refused by our own check. */
  passwordPolicy: {
    minLength: 8,
    requireLowercase: false,
    requireUppercase: false,
    requireDigits: false,
    requireSymbols: false,
  },
  /** Cognito accepts passwords up to 256 characters. */
  passwordMaxLength: 256,
  standardAttributes: ['email', 'name'] as const,
  client: {
    logicalName: 'assay-web',
    authFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as const,
    /** a working day: the SPA refreshes the one-hour access token for up to 12 hours */
    accessTokenValidityMinutes: 60,
    idTokenValidityMinutes: 60,
    refreshTokenValidityMinutes: 12 * 60,
  },
} as const;
