/**
 * Builds the CDK app: data, auth, api, web and monitoring stacks, in the configured region (the account
 * comes from the CLI at deploy time), so `cdk synth` needs no credentials and no network. Tests call
 * buildApp() directly.
 */
import { App, Aspects, Tags, type Environment } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { resolve } from 'node:path';
import { routeList } from '@shared/api/routes';
import { FEDERATED_CALLBACK_PATH } from '@shared/constants';
import type { RouteDef } from '@shared/api/route-types';
import { readDeployConfig, type DeployConfig } from './config';
import { applyNagSuppressions } from './nag-suppressions';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { MonitoringStack, SIGN_IN_FUNCTIONS } from './stacks/monitoring-stack';
import { WebStack } from './stacks/web-stack';

const ROOT = resolve(import.meta.dirname, '..');

export interface BuildAppOptions {
  app?: App;
  config?: DeployConfig;
  routes?: readonly RouteDef[];
  functionsDir?: string;
  webDir?: string;
  /** run cdk-nag AwsSolutions checks (on for synth and tests) */
  nag?: boolean;
  /** the account, when known (the CLI sets CDK_DEFAULT_ACCOUNT from its credentials) */
  account?: string;
}

const RETENTION: Record<number, logs.RetentionDays> = Object.fromEntries(
  Object.values(logs.RetentionDays)
    .filter((v): v is logs.RetentionDays => typeof v === 'number')
    .map((v) => [v, v]),
);

/**
 * Bedrock permissions for the configured model: a foundation model in one region, or a cross-region
 * inference profile ("us.", "eu.", "apac." prefixes) and the foundation models it routes to.
 */
export function bedrockModelArns(modelId: string, region: string, account: string): string[] {
  const profile = /^(us|eu|apac|us-gov|global)\.(.+)$/.exec(modelId);
  if (!profile) return [`arn:aws:bedrock:${region}::foundation-model/${modelId}`];
  return [`arn:aws:bedrock:${region}:${account}:inference-profile/${modelId}`, `arn:aws:bedrock:*::foundation-model/${profile[2]}`];
}

/** Routes that create accounts: not deployed when sign-in goes through the firm's identity provider. */
export const REGISTRATION_ROUTES: readonly string[] = ['register', 'confirmEmail', 'resendConfirmation'];

export function buildApp(opts: BuildAppOptions = {}) {
  const app = opts.app ?? new App();
  const config = opts.config ?? readDeployConfig((key) => app.node.tryGetContext(key));
  const production = config.stage === 'prod';
  const prefix = `Assay-${config.stage}`;
  const env: Environment = { region: config.region, account: opts.account ?? process.env.CDK_DEFAULT_ACCOUNT };
  const logRetention = RETENTION[config.logRetentionDays] ?? logs.RetentionDays.ONE_MONTH;

  const data = new DataStack(app, `${prefix}-Data`, {
    env,
    production,
    description: 'Assay: DynamoDB table and S3 buckets',
    // the app's origin; without a custom domain the web stack names the CloudFront domain once it exists
    ...(config.domainName ? { uploadOrigins: [`https://${config.domainName}`] } : {}),
  });
  const appOrigin = config.domainName ? `https://${config.domainName}` : undefined;
  const auth = new AuthStack(app, `${prefix}-Auth`, {
    env,
    production,
    threatProtection: config.threatProtection,
    identityProvider: config.identityProvider,
    appOrigin,
    stage: config.stage,
    description: 'Assay: Cognito user pool',
  });
  // With the firm's identity provider the IdP decides who is staff: no self-registration routes at all.
  const federated = Boolean(config.identityProvider);
  const routes = (opts.routes ?? routeList).filter((r) => !(federated && REGISTRATION_ROUTES.includes(r.id)));

  const region = config.region;
  const account = data.account;
  const fromDomain = config.sesFromAddress.slice(config.sesFromAddress.indexOf('@') + 1);
  const bedrockRegion = config.bedrockRegion ?? region;

  const originSecretName = `assay/${config.stage}/origin-verify`;
  const api = new ApiStack(app, `${prefix}-Api`, {
    env,
    originSecretName,
    production,
    description: 'Assay: HTTP API and its functions',
    routes,
    functionsDir: opts.functionsDir ?? resolve(ROOT, 'dist/functions'),
    logRetention,
    resources: {
      table: data.table,
      evidenceBucket: data.evidenceBucket,
      userPool: auth.userPool,
      userPoolClient: auth.userPoolClient,
      emailIdentityArns: [
        `arn:aws:ses:${region}:${account}:identity/${config.sesFromAddress}`,
        `arn:aws:ses:${region}:${account}:identity/${fromDomain}`,
      ],
      mailFrom: config.sesFromAddress,
      // the links in notification emails (functions/domain/notifications/email.ts)
      ...(config.appUrl || appOrigin ? { appUrl: config.appUrl ?? appOrigin } : {}),
      bedrockModelId: config.bedrockModelId,
      bedrockRegion,
      bedrockModelArns: bedrockModelArns(config.bedrockModelId, bedrockRegion, account),
      ...(auth.hostedUi && appOrigin ? { hostedUi: { baseUrl: auth.hostedUi.baseUrl(), redirectUri: `${appOrigin}${FEDERATED_CALLBACK_PATH}` } } : {}),
    },
    commonEnvironment: {
      PROVIDER_NAME: config.providerName,
      ALLOWED_EMAIL_DOMAINS: config.allowedEmailDomains.join(','),
      ADMIN_EMAILS: config.adminEmails.join(','),
      // Cognito's own global sign-out as well as ours when sessions end (cognito-local has none)
      COGNITO_GLOBAL_SIGN_OUT: 'true',
      AI_PROVIDER: config.aiProvider,
      DEMO_MODE: 'false',
      COOKIE_SECURE: 'true',
      LOG_LEVEL: 'info',
    },
  });

  const web = new WebStack(app, `${prefix}-Web`, {
    env,
    description: 'Assay: SPA on S3 behind CloudFront',
    webDir: opts.webDir ?? resolve(ROOT, 'frontend/dist'),
    apiDomain: api.apiDomain,
    originSecretName,
    evidenceBucketDomain: data.evidenceBucket.bucketRegionalDomainName,
    logsBucket: data.logsBucket,
    runtimeConfig: {
      providerName: config.providerName,
      ...(config.logoUrl ? { logoUrl: config.logoUrl } : {}),
      ...(config.identityProvider && auth.hostedUi
        ? {
            registration: false,
            identityProvider: {
              label: config.identityProvider.label ?? config.identityProvider.name,
              provider: config.identityProvider.name,
              authorizeUrl: `${auth.hostedUi.baseUrl()}/oauth2/authorize`,
              clientId: auth.userPoolClient.userPoolClientId,
            },
          }
        : {}),
    },
    // without a custom domain the evidence bucket's CORS can only name the distribution once it exists
    ...(config.domainName ? {} : { evidenceBucketCors: { bucketName: data.evidenceBucket.bucketName, bucketArn: data.evidenceBucket.bucketArn } }),
    production,
    domainName: config.domainName,
    certificateArn: config.certificateArn,
    waf: config.enableWaf,
  });

  const monitoring = new MonitoringStack(app, `${prefix}-Monitoring`, {
    env,
    description: 'Assay: alarms (SNS) and dashboard',
    apiId: api.httpApi.apiId,
    functions: api.functions,
    apiAccessLogs: api.accessLogs,
    signInLogs: SIGN_IN_FUNCTIONS.flatMap((id) => {
      const fn = api.functions.get(id);
      return fn ? [fn.logGroup] : [];
    }),
    table: data.table,
    distributionId: web.distributionId,
    alarmEmail: config.alarmEmail,
    cloudFrontAlarm: region === 'us-east-1',
  });

  const stacks = { data, auth, api, web, monitoring };
  for (const stack of Object.values(stacks)) {
    Tags.of(stack).add('app', 'assay');
    Tags.of(stack).add('stage', config.stage);
  }
  applyNagSuppressions(stacks, {
    threatProtection: config.threatProtection,
    customCertificate: Boolean(config.certificateArn),
    waf: config.enableWaf,
  });
  if (opts.nag ?? true) Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  return { app, config, stacks };
}
