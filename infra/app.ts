/**
 * Builds the CDK app: data, auth, api and web stacks. Environment-agnostic, so `cdk synth` needs no
 * credentials and no network. Tests call buildApp() directly.
 */
import { App, Aspects, Stack, Tags } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { resolve } from 'node:path';
import { routeList } from '@shared/api/routes';
import type { RouteDef } from '@shared/api/route-types';
import { readDeployConfig, type DeployConfig } from './config';
import { applyNagSuppressions } from './nag-suppressions';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { WebStack } from './stacks/web-stack';

export const ROOT = resolve(import.meta.dirname, '..');

export interface BuildAppOptions {
  app?: App;
  config?: DeployConfig;
  routes?: readonly RouteDef[];
  functionsDir?: string;
  webDir?: string;
  /** run cdk-nag AwsSolutions checks (on for synth and tests) */
  nag?: boolean;
}

export function buildApp(opts: BuildAppOptions = {}) {
  const app = opts.app ?? new App();
  const config = opts.config ?? readDeployConfig((key) => app.node.tryGetContext(key));
  const production = config.stage === 'prod';
  const prefix = `Assay-${config.stage}`;
  const logRetention = (config.logRetentionDays in logs.RetentionDays
    ? config.logRetentionDays
    : logs.RetentionDays.ONE_MONTH) as logs.RetentionDays;

  const data = new DataStack(app, `${prefix}-Data`, { production, description: 'Assay: DynamoDB table and S3 buckets' });
  const auth = new AuthStack(app, `${prefix}-Auth`, { production, description: 'Assay: Cognito user pool' });

  const region = Stack.of(data).region;
  const account = Stack.of(data).account;
  const fromDomain = config.sesFromAddress.slice(config.sesFromAddress.indexOf('@') + 1);
  const bedrockRegion = config.bedrockRegion ?? region;

  const api = new ApiStack(app, `${prefix}-Api`, {
    description: 'Assay: HTTP API and its functions',
    routes: opts.routes ?? routeList,
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
      bedrockModelId: config.bedrockModelId,
      bedrockRegion,
      bedrockModelArn: `arn:aws:bedrock:${bedrockRegion}::foundation-model/${config.bedrockModelId}`,
    },
    commonEnvironment: {
      PROVIDER_NAME: config.providerName,
      ALLOWED_EMAIL_DOMAINS: config.allowedEmailDomains.join(','),
      DEMO_MODE: 'false',
      COOKIE_SECURE: 'true',
      LOG_LEVEL: 'info',
    },
  });

  const web = new WebStack(app, `${prefix}-Web`, {
    description: 'Assay: SPA on S3 behind CloudFront',
    webDir: opts.webDir ?? resolve(ROOT, 'frontend/dist'),
    apiDomain: api.apiDomain,
    evidenceBucketDomain: data.evidenceBucket.bucketRegionalDomainName,
    logsBucket: data.logsBucket,
    runtimeConfig: { providerName: config.providerName, ...(config.logoUrl ? { logoUrl: config.logoUrl } : {}) },
    production,
    domainName: config.domainName,
    certificateArn: config.certificateArn,
  });

  for (const stack of [data, auth, api, web]) {
    Tags.of(stack).add('app', 'assay');
    Tags.of(stack).add('stage', config.stage);
  }
  applyNagSuppressions({ data, auth, api, web }, { threatProtection: false, customCertificate: Boolean(config.certificateArn), waf: config.enableWaf });
  if (opts.nag ?? true) Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  return { app, config, stacks: { data, auth, api, web } };
}
