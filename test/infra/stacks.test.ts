import { App, Aspects, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '@shared/api/routes';
import { workerFunctionEnv, workerList, workers } from '@shared/api/workers';
import { tableDefinition } from '@shared/resources/table';
import { buildApp } from '../../infra/app';
import { readDeployConfig } from '../../infra/config';
import { nagErrors } from './nag';

let built: ReturnType<typeof buildApp>;
let api: Template;
let data: Template;
let auth: Template;
let web: Template;

beforeAll(() => {
  const config = readDeployConfig(() => undefined, { ALLOWED_EMAIL_DOMAINS: 'firm.example', SES_FROM_ADDRESS: 'no-reply@firm.example' });
  built = buildApp({ app: new App(), config });
  api = Template.fromStack(built.stacks.api);
  data = Template.fromStack(built.stacks.data);
  auth = Template.fromStack(built.stacks.auth);
  web = Template.fromStack(built.stacks.web);
});

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };
function statementsOf(template: Template, routeId: string): Statement[] {
  const roles = template.findResources('AWS::IAM::Role');
  const roleLogicalId = Object.keys(roles).find((id) => id.startsWith(`Fn${routeId}Role`));
  if (!roleLogicalId) throw new Error(`no role for ${routeId}`);
  const policies = template.findResources('AWS::IAM::Policy');
  return Object.values(policies)
    .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleLogicalId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}
const actionsOf = (statements: Statement[]) => statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action])).sort();

describe('api stack', () => {
  it('has a route for every route-table entry, and no other (route parity)', () => {
    const routes = api.findResources('AWS::ApiGatewayV2::Route');
    const keys = Object.values(routes).map((r) => r.Properties.RouteKey as string).sort();
    expect(keys).toEqual(routeList.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('guards exactly the auth:user routes with the Cognito JWT authorizer', () => {
    const routes = Object.values(api.findResources('AWS::ApiGatewayV2::Route'));
    for (const route of routeList) {
      const resource = routes.find((r) => r.Properties.RouteKey === `${route.method} ${route.path}`)!;
      expect(resource.Properties.AuthorizationType ?? 'NONE', route.id).toBe(route.auth === 'user' ? 'JWT' : 'NONE');
    }
    api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [Match.anyValue()], Issuer: Match.anyValue() },
    });
  });

  it('runs one arm64 nodejs22.x function per route with JSON logs and tracing', () => {
    api.resourcePropertiesCountIs(
      'AWS::Lambda::Function',
      { Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler', TracingConfig: { Mode: 'Active' }, LoggingConfig: Match.objectLike({ LogFormat: 'Text' }) },
      routeList.length + workerList.length,
    );
  });

  it('runs each background worker as its own function (1,024 MB), invoked asynchronously without retries', () => {
    const fns = Object.entries(api.findResources('AWS::Lambda::Function'));
    for (const worker of workerList) {
      const [logicalId, fn] = fns.find(([id]) => id.startsWith(`Worker${worker.id}Fn`))!;
      expect(fn.Properties).toMatchObject({ MemorySize: 1024, Timeout: worker.timeoutSeconds });
      expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['TABLE_NAME', 'EVIDENCE_BUCKET']));
      expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe(worker.nodeOptions);
      api.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: logicalId }, MaximumRetryAttempts: 0 });
      // no route's path leads to it
      expect(JSON.stringify(api.findResources('AWS::ApiGatewayV2::Integration'))).not.toContain(logicalId);
    }
  });

  it('lets only the routes that start a worker invoke it: lambda:InvokeFunction on that one function, its name set with the grant', () => {
    const fns = Object.entries(api.findResources('AWS::Lambda::Function'));
    const [workerId] = fns.find(([id]) => id.startsWith(`Worker${workers.exportReport.id}Fn`))!;
    const starters = routeList.filter((r) => r.access.invoke?.length);
    expect(starters.map((r) => r.id)).toEqual(['createExport']);
    const invoke = statementsOf(api, 'createExport').filter((st) => [st.Action].flat().includes('lambda:InvokeFunction'));
    expect(invoke).toEqual([{ Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: { 'Fn::GetAtt': [workerId, 'Arn'] } }]);
    const env = fns.find(([id]) => id.startsWith('FncreateExportFn'))![1].Properties.Environment.Variables;
    expect(env[workerFunctionEnv('exportReport')]).toEqual({ Ref: workerId });
    for (const route of routeList.filter((r) => r.id !== 'createExport')) {
      expect(actionsOf(statementsOf(api, route.id)), route.id).not.toContain('lambda:InvokeFunction');
    }
  });

  it('throttles the stage, and the auth routes more strictly, and logs access', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
      RouteSettings: Match.objectLike({ 'POST /api/auth/login': { ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 } }),
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
    });
  });

  it('grants each function only what its route declares', () => {
    // health touches nothing
    expect(actionsOf(statementsOf(api, 'health'))).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
    // register: table read/write, four admin actions on the pool (the user is created disabled), and mail
    const register = actionsOf(statementsOf(api, 'register'));
    expect(register).toEqual(expect.arrayContaining(['cognito-idp:AdminCreateUser', 'cognito-idp:AdminDisableUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminDeleteUser', 'dynamodb:PutItem', 'ses:SendEmail']));
    expect(register.filter((a) => a.startsWith('cognito-idp:'))).toHaveLength(4);
    // confirm-email: enables the user and marks the email verified, nothing else on the pool
    const confirm = actionsOf(statementsOf(api, 'confirmEmail'));
    expect(confirm.filter((a) => a.startsWith('cognito-idp:')).sort()).toEqual(['cognito-idp:AdminEnableUser', 'cognito-idp:AdminUpdateUserAttributes']);
    // forgot password: mail, no Cognito
    const forgot = actionsOf(statementsOf(api, 'forgotPassword'));
    expect(forgot).toContain('ses:SendEmail');
    expect(forgot.some((a) => a.startsWith('cognito-idp:'))).toBe(false);
    // verify: reads only
    const verify = actionsOf(statementsOf(api, 'verify'));
    expect(verify.some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a))).toBe(false);
    // login needs no IAM for InitiateAuth (a public client API)
    expect(actionsOf(statementsOf(api, 'login')).some((a) => a.startsWith('cognito-idp:'))).toBe(false);
    // the administrators' list reads only; deactivation disables the user and signs it out, nothing more
    const listUsers = actionsOf(statementsOf(api, 'listUsers'));
    expect(listUsers.some((a) => a.startsWith('cognito-idp:') || /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a))).toBe(false);
    const deactivate = actionsOf(statementsOf(api, 'deactivateUser'));
    expect(deactivate.filter((a) => a.startsWith('cognito-idp:')).sort()).toEqual(['cognito-idp:AdminDisableUser', 'cognito-idp:AdminUserGlobalSignOut']);
    // sign out everywhere and a password reset end the sessions in Cognito too (COGNITO_GLOBAL_SIGN_OUT)
    expect(actionsOf(statementsOf(api, 'logoutAll')).filter((a) => a.startsWith('cognito-idp:'))).toEqual(['cognito-idp:AdminUserGlobalSignOut']);
    expect(actionsOf(statementsOf(api, 'resetPassword')).filter((a) => a.startsWith('cognito-idp:')).sort()).toEqual([
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminUserGlobalSignOut',
    ]);
  });

  it('has no wildcard actions, and wildcard resources only for X-Ray', () => {
    for (const policy of Object.values(api.findResources('AWS::IAM::Policy'))) {
      for (const s of policy.Properties.PolicyDocument.Statement as Statement[]) {
        const actions = Array.isArray(s.Action) ? s.Action : [s.Action];
        for (const a of actions) expect(a).not.toMatch(/(^\*$|:\*$)/);
        if (s.Resource === '*') expect(actions.every((a) => a.startsWith('xray:'))).toBe(true);
      }
    }
  });

  it('sets each environment variable together with its grant', () => {
    const fns = Object.entries(api.findResources('AWS::Lambda::Function'));
    const envOf = (id: string) => fns.find(([logicalId]) => logicalId.startsWith(`Fn${id}Fn`))![1].Properties.Environment.Variables as Record<string, unknown>;
    expect(Object.keys(envOf('health'))).not.toContain('TABLE_NAME');
    expect(envOf('register')).toHaveProperty('TABLE_NAME');
    expect(envOf('register')).toHaveProperty('USER_POOL_ID');
    expect(envOf('forgotPassword')).toHaveProperty('MAIL_FROM', 'no-reply@firm.example');
    expect(envOf('verify')).toHaveProperty('COGNITO_ISSUER');
    expect(envOf('login')).toMatchObject({ DEMO_MODE: 'false', ALLOWED_EMAIL_DOMAINS: 'firm.example', COOKIE_SECURE: 'true' });
  });
});

describe('data stack', () => {
  it('builds the table from the shared definition, with TTL and point-in-time recovery', () => {
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((i) =>
        Match.objectLike({ IndexName: i.indexName, KeySchema: [{ AttributeName: i.partitionKey.name, KeyType: 'HASH' }, { AttributeName: i.sortKey.name, KeyType: 'RANGE' }] }),
      ),
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
  });

  it('keeps the evidence bucket private, versioned and encrypted', () => {
    data.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: Match.anyValue(),
      LoggingConfiguration: Match.anyValue(),
    });
  });
});

describe('auth stack', () => {
  it('lets only our API create users, with the shared password length rule', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8, RequireSymbols: false, RequireUppercase: false }) },
      UsernameConfiguration: { CaseSensitive: false },
    });
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      GenerateSecret: false,
      EnableTokenRevocation: true,
      RefreshTokenValidity: 720,
    });
  });
});

describe('web stack', () => {
  it('routes /api/* to the HTTP API uncached, and the rest to the SPA bucket through OAC', () => {
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https', FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })] }),
        CacheBehaviors: [Match.objectLike({ PathPattern: '/api/*', CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'] })],
        Origins: Match.arrayWith([Match.objectLike({ OriginAccessControlId: Match.anyValue() })]),
      }),
    });
  });

  it('does not swallow /api errors with error pages (the SPA fallback is a viewer-request rewrite)', () => {
    const dist = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!;
    expect(dist.Properties.DistributionConfig.CustomErrorResponses).toBeUndefined();
    const fn = Object.values(web.findResources('AWS::CloudFront::Function'))[0]!;
    expect(fn.Properties.FunctionCode).toContain("uri.indexOf('/api/') === 0");
  });

  it('sends a strict CSP, HSTS for a year, nosniff and a referrer policy', () => {
    const policy = Object.values(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!;
    const sec = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp = JSON.stringify(sec.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(d);
    expect(sec.StrictTransportSecurity.AccessControlMaxAgeSec).toBe(31_536_000);
    expect(sec.ContentTypeOptions.Override).toBe(true);
    expect(sec.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
  });

  it('deploys the SPA together with the deploy-time config.json it reads at run time', () => {
    web.hasResourceProperties('Custom::CDKBucketDeployment', { SourceObjectKeys: [Match.anyValue(), Match.anyValue()], Prune: true });
    const assembly = built.app.synth();
    const configs = readdirSync(assembly.directory, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('config.json'));
    const contents = configs.map((f) => JSON.parse(readFileSync(join(assembly.directory, f), 'utf8')) as unknown);
    expect(contents).toContainEqual({ providerName: 'Assay Analytics' });
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('reports no unsuppressed errors in any stack', () => {
    expect(nagErrors(Object.values(built.stacks))).toEqual([]);
  });

  it('would see an error: a bucket without SSL enforcement or access logs in an app with the checks', () => {
    const app = new App();
    Aspects.of(app).add(new AwsSolutionsChecks());
    const stack = new Stack(app, 'Bad');
    new Bucket(stack, 'Plain');
    expect(nagErrors([stack]).join('\n')).toMatch(/AwsSolutions-S1|AwsSolutions-S10/);
  });
});

describe('deploy configuration', () => {
  it('requires allowed email domains unless open sign-up is chosen explicitly', () => {
    expect(() => readDeployConfig(() => undefined, {})).toThrow(/allowedEmailDomains/);
    expect(readDeployConfig(() => undefined, { OPEN_SIGN_UP: 'true' }).allowedEmailDomains).toEqual([]);
    expect(readDeployConfig((k) => (k === 'allowedEmailDomains' ? 'A.example, b.example' : undefined), {}).allowedEmailDomains).toEqual(['a.example', 'b.example']);
  });

  it('rejects a bad stage name and a half-configured custom domain', () => {
    expect(() => readDeployConfig(() => undefined, { OPEN_SIGN_UP: 'true', ASSAY_STAGE: 'Prod!' })).toThrow(/stage/);
    expect(() => readDeployConfig(() => undefined, { OPEN_SIGN_UP: 'true', DOMAIN_NAME: 'assay.firm.example' })).toThrow(/certificateArn/);
  });
});
