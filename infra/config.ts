/**
 * Deploy-time settings: CDK context (`-c key=value` or cdk.json) or environment variables, validated
 * with zod, with safe defaults. Documented in the README's deploy section.
 */
import * as z from 'zod/mini';
import { DEFAULT_PROVIDER_NAME } from '@shared/constants';

const csv = z.pipe(
  z.optional(z.string()),
  z.transform((v) => (v ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)),
);
const flag = z.pipe(z._default(z.enum(['true', 'false']), 'false'), z.transform((v) => v === 'true'));
const text = (min: number, max = 200) => z.string().check(z.minLength(min), z.maxLength(max));
const httpsUrl = (what: string) => z.url({ protocol: /^https$/, error: `${what} must be an https:// URL` });

/** The Cognito name of the provider: also what the hosted UI is asked for (`identity_provider=`). */
const providerId = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9-]{1,30}$/, 'identityProvider.name must be 2 to 31 letters, digits and dashes'));
const providerCommon = {
  name: providerId,
  /** the button says "Sign in with <label>" (default: name) */
  label: z.optional(text(1, 60)),
  /** the hosted UI's domain prefix (<prefix>.auth.<region>.amazoncognito.com; default assay-<stage>-<account>) */
  domainPrefix: z.optional(z.string().check(z.regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'identityProvider.domainPrefix must be lower-case letters, digits and dashes'))),
};

/**
 * Sign-in through the firm's identity provider (Cognito federation). Secrets never sit in the config: an OIDC
 * client secret is read at deploy from the Secrets Manager secret named by clientSecretArn.
 */
export const IdentityProviderSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('oidc'),
    ...providerCommon,
    issuerUrl: httpsUrl('identityProvider.issuerUrl'),
    clientId: text(1, 255),
    clientSecretArn: z.string().check(z.regex(/^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\d{12}:secret:.+$/, 'identityProvider.clientSecretArn must be the ARN of a Secrets Manager secret')),
  }),
  z.strictObject({
    type: z.literal('saml'),
    ...providerCommon,
    metadataUrl: httpsUrl('identityProvider.metadataUrl'),
    /** the SAML attribute that carries the email (default: the common claims URI) */
    emailAttribute: z._default(text(1), 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'),
    nameAttribute: z._default(text(1), 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name'),
  }),
]);
export type IdentityProviderConfig = z.output<typeof IdentityProviderSchema>;

/** The identityProvider setting: a JSON object (cdk.json context, or a JSON string in -c / IDENTITY_PROVIDER). */
const identityProviderSetting = z.pipe(
  z.pipe(
    z.string(),
    z.transform((text: string, ctx): unknown => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.issues.push({ code: 'custom', message: 'identityProvider must be a JSON object', input: text });
        return z.NEVER;
      }
      if (value && typeof value === 'object' && 'clientSecret' in value) {
        ctx.issues.push({ code: 'custom', message: 'never put a client secret in the config: store it in Secrets Manager and give its clientSecretArn', input: text });
        return z.NEVER;
      }
      return value;
    }),
  ),
  IdentityProviderSchema,
);

const DeployConfigObject = z
  .object({
    /** the AWS region of the stacks (the account comes from the CLI's credentials at deploy time) */
    region: z._default(z.string().check(z.regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, 'region must look like eu-west-2')), 'us-east-1'),
    /** `prod` retains data on stack deletion; anything else is a throwaway stage (dev, preview-123) */
    stage: z._default(z.string().check(z.regex(/^[a-z][a-z0-9-]{1,30}$/, 'stage must be lower-case letters, digits and dashes')), 'dev'),
    providerName: z._default(text(1, 100), DEFAULT_PROVIDER_NAME),
    logoUrl: z.optional(z.url()),
    allowedEmailDomains: csv,
    /** the accounts registered with these emails are administrators (list users, deactivate them) */
    adminEmails: csv,
    /** an explicit opt-in to let anyone register (otherwise allowedEmailDomains is required) */
    openSignUp: flag,
    sesFromAddress: z._default(text(3), 'no-reply@example.com'),
    /** Claude Haiku 4.5 through its global inference profile: the same default as functions/data/bedrock-model.ts */
    bedrockModelId: z._default(text(1), 'global.anthropic.claude-haiku-4-5-20251001-v1:0'),
    bedrockRegion: z.optional(text(1)),
    domainName: z.optional(text(1)),
    /**
     * the app's origin for links in notification emails (https://host); default https://<domainName>. Without
     * either, the emails' links are paths: set it to the web stack's distribution URL (its `AppUrl` output) once
     * deployed. A config value, not a reference: the API stack comes before the web stack, which depends on it.
     */
    appUrl: z.optional(z.string().check(z.regex(/^https:\/\/[a-z0-9.-]+(:\d+)?$/i, 'appUrl must be an https origin with no path, e.g. https://assay.firm.example'))),
    certificateArn: z.optional(z.string().check(z.startsWith('arn:aws:acm:us-east-1:', 'certificateArn must be an ACM certificate in us-east-1 (CloudFront)'))),
    logRetentionDays: z._default(z.pipe(z.string().check(z.regex(/^\d+$/, 'logRetentionDays must be a whole number')), z.transform(Number)), 30),
    alarmEmail: z.optional(z.email()),
    /** a WAF web ACL with a per-address rate limit on /api/auth/* (default: on where it can be, in us-east-1) */
    enableWaf: z.optional(z.enum(['true', 'false'], 'enableWaf must be true or false')),
    /** sign-in through the firm's identity provider; registration is then off (README "Sign-in through your identity provider") */
    identityProvider: z.optional(identityProviderSetting),
    /** `local`: the deterministic offline analyser; `bedrock`: a Bedrock model (enable model access first) */
    aiProvider: z._default(z.enum(['local', 'bedrock'], 'aiProvider must be local or bedrock'), 'local'),
    /** Cognito threat protection (Plus plan: billed per monthly active user) */
    threatProtection: flag,
  })
  .check(
    z.superRefine((c, ctx) => {
      if (!c.openSignUp && c.allowedEmailDomains.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['allowedEmailDomains'],
          message: 'set allowedEmailDomains (e.g. -c allowedEmailDomains=yourfirm.com) or opt in with -c openSignUp=true',
        });
      }
      if (c.enableWaf === 'true' && c.region !== 'us-east-1') {
        ctx.addIssue({
          code: 'custom',
          path: ['enableWaf'],
          message: 'a CloudFront web ACL lives in us-east-1: deploy with -c region=us-east-1 to enable WAF',
        });
      }
      if (Boolean(c.domainName) !== Boolean(c.certificateArn)) {
        ctx.addIssue({ code: 'custom', path: ['domainName'], message: 'domainName and certificateArn go together' });
      }
      if (c.identityProvider && !c.domainName) {
        ctx.addIssue({
          code: 'custom',
          path: ['identityProvider'],
          message: 'sign-in through an identity provider needs the app on its own domain (domainName and certificateArn): the hosted UI returns to https://<domainName>/auth/callback',
        });
      }
    }),
  );

export const DeployConfigSchema = z.pipe(
  DeployConfigObject,
  z.transform((c: z.output<typeof DeployConfigObject>) => ({ ...c, enableWaf: c.enableWaf === undefined ? c.region === 'us-east-1' : c.enableWaf === 'true' })),
);

export type DeployConfig = z.output<typeof DeployConfigSchema>;

const ENV_NAMES: Record<string, string> = {
  region: 'CDK_DEFAULT_REGION',
  stage: 'ASSAY_STAGE',
  providerName: 'PROVIDER_NAME',
  logoUrl: 'PROVIDER_LOGO_URL',
  allowedEmailDomains: 'ALLOWED_EMAIL_DOMAINS',
  adminEmails: 'ADMIN_EMAILS',
  openSignUp: 'OPEN_SIGN_UP',
  sesFromAddress: 'SES_FROM_ADDRESS',
  bedrockModelId: 'BEDROCK_MODEL_ID',
  bedrockRegion: 'BEDROCK_REGION',
  domainName: 'DOMAIN_NAME',
  appUrl: 'APP_URL',
  certificateArn: 'CERTIFICATE_ARN',
  logRetentionDays: 'LOG_RETENTION_DAYS',
  alarmEmail: 'ALARM_EMAIL',
  enableWaf: 'ENABLE_WAF',
  identityProvider: 'IDENTITY_PROVIDER',
  aiProvider: 'AI_PROVIDER',
  threatProtection: 'THREAT_PROTECTION',
};

/** Context wins over environment variables; unknown keys are ignored. */
export function readDeployConfig(context: (key: string) => unknown, env: NodeJS.ProcessEnv = process.env): DeployConfig {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(ENV_NAMES)) {
    const value = context(key) ?? env[ENV_NAMES[key]!];
    if (value !== undefined && value !== '') raw[key] = typeof value === 'string' ? value : JSON.stringify(value); // cdk.json gives objects, numbers, booleans as such
  }
  const parsed = z.safeParse(DeployConfigSchema, raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'config'}: ${i.message}`).join('\n');
    throw new Error(`Invalid deploy configuration:\n${problems}`);
  }
  return parsed.data;
}
