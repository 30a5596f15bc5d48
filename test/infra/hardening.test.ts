/** The deploy is secure by default, observable, cheap when idle, and does not lose data to a mistaken delete. */
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routeList } from '@shared/api/routes';
import { workerList } from '@shared/api/workers';
import { bucketPrefixGroups } from '@shared/resources/bucket-prefixes';
import { bedrockModelArns, buildApp } from '../../infra/app';
import { readDeployConfig } from '../../infra/config';
import { nagErrors } from './nag';
import { templatesOf } from './templates';
import { AUTH_RATE_LIMIT } from '../../infra/stacks/web-stack';

/** The key patterns an evidence-bucket grant may name (test/infra/bucket-grants.test.ts checks each function's). */
const EVIDENCE_PATTERNS: readonly string[] = Object.values(bucketPrefixGroups).flat();

function build(env: Record<string, string>) {
  const config = readDeployConfig(() => undefined, { ALLOWED_EMAIL_DOMAINS: 'firm.example', SES_FROM_ADDRESS: 'no-reply@firm.example', ...env });
  const built = buildApp({ app: new App(), config, account: '123456789012' });
  return { built, t: templatesOf(built) };
}

const prod = build({ ASSAY_STAGE: 'prod', ALARM_EMAIL: 'ops@firm.example', CDK_DEFAULT_REGION: 'us-east-1' });
const dev = build({ CDK_DEFAULT_REGION: 'eu-west-2' });

describe('data is kept', () => {
  it('retains the table and buckets in prod, with deletion protection and point-in-time recovery', () => {
    prod.t.data.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ Replicas: [Match.objectLike({ DeletionProtectionEnabled: true, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })] }),
    });
    for (const bucket of Object.values(prod.t.data.findResources('AWS::S3::Bucket'))) expect(bucket.DeletionPolicy).toBe('Retain');
    prod.t.auth.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'ACTIVE' });
  });

  it('lets throwaway stages be deleted cleanly', () => {
    dev.t.data.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
    dev.t.auth.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'INACTIVE' });
  });

  it('versions evidence, expires old versions and unclaimed placeholder uploads, and logs access', () => {
    prod.t.data.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' }),
          Match.objectLike({ Prefix: 'pending/', ExpirationInDays: 2, Status: 'Enabled' }),
          Match.objectLike({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
        ]),
      },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'evidence/' }),
    });
  });

  it('encrypts, blocks public access and enforces TLS on every bucket', () => {
    for (const t of [prod.t.data, prod.t.web]) {
      for (const [id, bucket] of Object.entries(t.findResources('AWS::S3::Bucket'))) {
        expect(bucket.Properties.BucketEncryption, id).toBeDefined();
        expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
      }
      const policies = Object.values(t.findResources('AWS::S3::BucketPolicy'));
      expect(policies.length).toBeGreaterThan(0);
      for (const p of policies) {
        expect(JSON.stringify(p.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
      }
    }
  });
});

describe('secure by default', () => {
  it('serves over HTTPS only, with TLS 1.2+ on a custom domain', () => {
    const custom = build({ DOMAIN_NAME: 'assay.firm.example', CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' });
    custom.t.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['assay.firm.example'],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' }),
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
        CacheBehaviors: [Match.objectLike({ ViewerProtocolPolicy: 'https-only' })],
        Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
      }),
    });
    custom.t.data.hasResourceProperties('AWS::S3::Bucket', { CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://assay.firm.example'] })] } });
  });

  it('adds a WAF web ACL with a per-address rate limit on /api/auth/*, on by default where CloudFront can use it (us-east-1)', () => {
    expect(Object.keys(dev.t.web.findResources('AWS::WAFv2::WebACL'))).toHaveLength(0);
    expect(Object.keys(build({ ENABLE_WAF: 'false' }).t.web.findResources('AWS::WAFv2::WebACL'))).toHaveLength(0);
    const waf = prod;
    waf.t.web.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'rate-limit-auth',
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: Match.objectLike({
              Limit: AUTH_RATE_LIMIT,
              AggregateKeyType: 'IP',
              ScopeDownStatement: { ByteMatchStatement: Match.objectLike({ SearchString: '/api/auth/', PositionalConstraint: 'STARTS_WITH' }) },
            }),
          },
        }),
      ]),
    });
    waf.t.web.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: Match.anyValue() }) });
    expect(() => build({ ENABLE_WAF: 'true', CDK_DEFAULT_REGION: 'eu-west-2' })).toThrow(/us-east-1/);
  });

  it('grants no wildcard actions, and wildcard resources only where the service needs them', () => {
    for (const { resource: policy } of prod.t.api.find('AWS::IAM::Policy')) {
      for (const s of policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]) {
        const actions = [s.Action].flat();
        for (const a of actions) expect(a).not.toMatch(/\*/);
        for (const resource of [s.Resource].flat()) {
          const text = JSON.stringify(resource);
          if (!text.includes('*')) continue;
          const allowed =
            (text === '"*"' && actions.every((a) => a.startsWith('xray:'))) || // X-Ray has no resource-level permissions
            /\/index\/\*"/.test(text) || // the table's own GSIs
            (/Evidence/.test(text) && EVIDENCE_PATTERNS.some((p) => p !== '*' && text.endsWith(`"/${p}"]]}`))) || // objects of the evidence bucket under a key prefix, never bucket/*
            (/^"arn:aws:bedrock:\*::foundation-model\/[a-z0-9.:-]+"$/.test(text) && actions.every((a) => a === 'bedrock:InvokeModel')); // the model behind a cross-region inference profile
          expect(allowed, `${actions.join(',')} on ${text}`).toBe(true);
        }
      }
    }
  });

  it('grants Bedrock only on the configured model (or inference profile and its models)', () => {
    expect(bedrockModelArns('anthropic.claude-3-haiku-20240307-v1:0', 'eu-west-2', '123456789012')).toEqual([
      'arn:aws:bedrock:eu-west-2::foundation-model/anthropic.claude-3-haiku-20240307-v1:0',
    ]);
    expect(bedrockModelArns('us.anthropic.claude-3-5-haiku-20241022-v1:0', 'us-east-1', '1')).toEqual([
      'arn:aws:bedrock:us-east-1:1:inference-profile/us.anthropic.claude-3-5-haiku-20241022-v1:0',
      'arn:aws:bedrock:*::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0',
    ]);
    const bedrockPolicies = JSON.stringify(prod.t.api.find('AWS::IAM::Policy').map((p) => p.resource)).match(/bedrock:InvokeModel/g) ?? [];
    // the routes that call a model, and the drafting worker
    expect(bedrockPolicies).toHaveLength(routeList.filter((r) => r.access.bedrock).length + workerList.filter((w) => w.access.bedrock).length);
  });

  it('offers Cognito threat protection as an option', () => {
    prod.t.auth.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolTier: 'ESSENTIALS' });
    const guarded = build({ THREAT_PROTECTION: 'true' });
    guarded.t.auth.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolTier: 'PLUS', UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' } });
    expect(nagErrors([guarded.built.stacks.auth])).toEqual([]);
  });
});

describe('observable and cheap when idle', () => {
  it('sizes memory per function class: CRUD small, extraction and AI large', () => {
    for (const route of routeList) {
      const fn = prod.t.api.one('AWS::Lambda::Function', `Fn${route.id}Fn`).resource;
      expect(fn.Properties.MemorySize, route.id).toBe(route.size === 'large' ? 1024 : 256);
      expect(fn.Properties.Timeout, route.id).toBe(route.size === 'large' ? 29 : 10);
    }
    // background workers run outside API Gateway's 30 s: their own memory and timeout
    for (const worker of workerList) {
      const fn = prod.t.api.one('AWS::Lambda::Function', `Worker${worker.id}Fn`).resource;
      expect(fn.Properties.MemorySize, worker.id).toBe(worker.memoryMb);
      expect(fn.Properties.Timeout, worker.id).toBe(worker.timeoutSeconds);
    }
  });

  it('alarms on API 5xx rate, Lambda errors and throttles, DynamoDB throttles and CloudFront 5xx, through one SNS topic', () => {
    const m = prod.t.monitoring;
    m.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@firm.example' });
    const alarms = Object.values(m.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties);
    const described = alarms.map((a) => String(a.AlarmDescription));
    expect(described.some((d) => d.includes('API answers were 5xx'))).toBe(true);
    expect(described.some((d) => d.includes('DynamoDB throttled'))).toBe(true);
    expect(described.some((d) => d.includes('CloudFront answers were 5xx'))).toBe(true);
    const lambdaAlarms = described.filter((d) => d.startsWith('Lambda errors in') || d.startsWith('Lambda throttles in'));
    expect(lambdaAlarms).toHaveLength(2 * Math.ceil((routeList.length + workerList.length) / 10));
    const covered = described.filter((d) => d.startsWith('Lambda errors in')).join(', ');
    for (const route of routeList) expect(covered).toContain(route.id);
    for (const worker of workerList) expect(covered).toContain(`worker:${worker.id}`);
    for (const a of alarms) expect(a.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^Alarms/) }]);
    m.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    // CloudFront metrics live in us-east-1 only: elsewhere there is no alarm that could never fire
    expect(Object.values(dev.t.monitoring.findResources('AWS::CloudWatch::Alarm')).some((a) => String(a.Properties.AlarmDescription).includes('CloudFront'))).toBe(false);
  });

  it("alarms on every function where it is, in its area's stack: each alarm's function is imported from the Api stack, which passes on the area stack's output", () => {
    const watched = new Map<string, { area?: string; value: unknown }>();
    for (const alarm of Object.values(prod.t.monitoring.findResources('AWS::CloudWatch::Alarm'))) {
      for (const metric of alarm.Properties.Metrics ?? []) {
        const dimension = metric.MetricStat?.Metric.Dimensions?.find((d: { Name: string }) => d.Name === 'FunctionName');
        if (dimension) watched.set(`${String(metric.MetricStat.Metric.MetricName)} ${String(metric.Label)}`, prod.t.api.exported(dimension.Value['Fn::ImportValue']));
      }
    }
    for (const kind of ['Errors', 'Throttles']) {
      for (const route of routeList) {
        const fn = prod.t.api.one('AWS::Lambda::Function', `Fn${route.id}Fn`);
        expect(watched.get(`${kind} ${route.id}`), route.id).toEqual({ area: fn.area, value: { Ref: fn.logicalId } });
      }
      for (const worker of workerList) {
        const fn = prod.t.api.one('AWS::Lambda::Function', `Worker${worker.id}Fn`);
        expect(watched.get(`${kind} worker:${worker.id}`), worker.id).toEqual({ ...(fn.area ? { area: fn.area } : {}), value: { Ref: fn.logicalId } });
      }
    }
  });

  it('traces every function with X-Ray and writes API access logs', () => {
    expect(prod.t.api.find('AWS::Lambda::Function', { Properties: { TracingConfig: { Mode: 'Active' } } })).toHaveLength(routeList.length + workerList.length);
    prod.t.api.parent.hasResourceProperties('AWS::ApiGatewayV2::Stage', { AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }) });
  });

  it('passes cdk-nag in every stack of every configuration', () => {
    for (const { built } of [prod, dev]) expect(nagErrors(Object.values(built.stacks))).toEqual([]);
  });
});
