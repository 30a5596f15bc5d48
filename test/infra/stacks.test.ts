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
import { routeArea, workerArea } from '../../infra/stacks/api-area-stack';
import { ALARMS, FAILED_SIGN_IN_PATTERN, FORBIDDEN_PATTERN, SECURITY_METRICS } from '../../infra/stacks/monitoring-stack';
import { nagErrors } from './nag';
import { ApiTemplates, statementsOfRole } from './templates';

let built: ReturnType<typeof buildApp>;
let api: ApiTemplates;
let data: Template;
let auth: Template;
let web: Template;

beforeAll(() => {
  const config = readDeployConfig(() => undefined, { ALLOWED_EMAIL_DOMAINS: 'firm.example', SES_FROM_ADDRESS: 'no-reply@firm.example' });
  built = buildApp({ app: new App(), config });
  api = new ApiTemplates(built.stacks.api);
  data = Template.fromStack(built.stacks.data);
  auth = Template.fromStack(built.stacks.auth);
  web = Template.fromStack(built.stacks.web);
});

const actionsOf = (statements: { Action: string | string[] }[]) => statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action])).sort();
const statementsOf = (routeId: string) => statementsOfRole(api, `Fn${routeId}`);
const keyOf = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('api stack and its area stacks', () => {
  it('has a route for every route-table entry, exactly once, and no other (route parity)', () => {
    const keys = api.find('AWS::ApiGatewayV2::Route').map((r) => r.resource.Properties.RouteKey as string);
    expect(keys.sort()).toEqual(routeList.map(keyOf).sort());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('puts each route, with its function and integration, in the nested stack of its area (the first segment of its handler)', () => {
    const areas = new Set(routeList.map(routeArea));
    expect([...api.areas.keys()].sort()).toEqual([...areas].sort());
    for (const route of routeList) {
      const found = api.find('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: keyOf(route) } });
      expect(found.map((f) => f.area), route.id).toEqual([routeArea(route)]);
      expect(api.one('AWS::Lambda::Function', `Fn${route.id}Fn`).area, route.id).toBe(routeArea(route));
      // the route's target is the integration in its own template
      const target = JSON.stringify(found[0]!.resource.Properties.Target);
      expect(Object.keys(found[0]!.template.findResources('AWS::ApiGatewayV2::Integration')).some((id) => target.includes(id)), route.id).toBe(true);
    }
    // the Api stack itself holds the API, its stage, the authorizer and the secret; no route and no route function
    expect(api.parent.findResources('AWS::ApiGatewayV2::Route')).toEqual({});
    api.parent.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    api.parent.resourceCountIs('AWS::CloudFormation::Stack', areas.size);
  });

  it('guards exactly the auth:user routes with the one Cognito JWT authorizer, shared by every area', () => {
    const authorizers = api.find('AWS::ApiGatewayV2::Authorizer');
    expect(authorizers.map((a) => a.area)).toEqual([undefined]);
    api.parent.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [Match.anyValue()], Issuer: Match.anyValue() },
    });
    const routes = api.find('AWS::ApiGatewayV2::Route');
    for (const route of routeList) {
      const found = routes.find((r) => r.resource.Properties.RouteKey === keyOf(route))!;
      expect(found.resource.Properties.AuthorizationType ?? 'NONE', route.id).toBe(route.auth === 'user' ? 'JWT' : 'NONE');
      if (route.auth === 'user') expect(api.inParent(found, found.resource.Properties.AuthorizerId), route.id).toEqual({ Ref: authorizers[0]!.logicalId });
      // every route belongs to the one API
      expect(api.inParent(found, found.resource.Properties.ApiId), route.id).toEqual({ Ref: expect.stringMatching(/^HttpApi/) });
    }
  });

  it('runs one arm64 nodejs22.x function per route with JSON logs and tracing', () => {
    const fns = api.find('AWS::Lambda::Function', {
      Properties: { Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler', TracingConfig: { Mode: 'Active' }, LoggingConfig: Match.objectLike({ LogFormat: 'Text' }) },
    });
    expect(fns).toHaveLength(routeList.length + workerList.length);
  });

  it('runs each background worker as its own function (its memory, reserved concurrency), invoked asynchronously without retries, in the area of the routes that start it', () => {
    for (const worker of workerList) {
      const found = api.one('AWS::Lambda::Function', `Worker${worker.id}Fn`);
      expect(found.area).toBe(workerArea(worker, routeList));
      expect(found.resource.Properties).toMatchObject({ MemorySize: worker.memoryMb, Timeout: worker.timeoutSeconds, ReservedConcurrentExecutions: worker.reservedConcurrency });
      expect(worker.reservedConcurrency).toBeGreaterThan(0);
      expect(Object.keys(found.resource.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['TABLE_NAME', ...(worker.access.evidenceBucket ? ['EVIDENCE_BUCKET'] : [])]));
      expect(found.resource.Properties.Environment.Variables.NODE_OPTIONS).toBe(worker.nodeOptions);
      found.template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: found.logicalId }, MaximumRetryAttempts: 0 });
      // no route's path leads to it
      for (const { template } of api.all) expect(JSON.stringify(template.findResources('AWS::ApiGatewayV2::Integration'))).not.toContain(found.logicalId);
    }
    // a scheduled worker (the daily digest) is started by its EventBridge rule, once at a time
    for (const worker of workerList.filter((w) => w.schedule)) {
      const found = api.one('AWS::Lambda::Function', `Worker${worker.id}Fn`);
      found.template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: worker.schedule, State: 'ENABLED', Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [found.logicalId, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 } })] });
      expect(worker.reservedConcurrency).toBe(1);
    }
    // the export worker lives with the route that starts it; the ledger's worker, started from two areas, in the Api stack
    expect(workerArea(workers.exportReport, routeList)).toBe(routeArea(routeList.find((r) => r.id === 'createExport')!));
    expect(workerArea(workers.ledgerParts, routeList)).toBeUndefined();
  });

  it('lets only the routes that start a worker invoke it: lambda:InvokeFunction on that one function, its name set with the grant', () => {
    const starters = routeList.filter((r) => r.access.invoke?.length);
    // the section writers start the ledger's worker; the export route starts the export worker; the draft route
    // starts the drafting worker
    expect(starters.map((r) => [r.id, r.access.invoke])).toEqual([
      ['completeStep', ['ledgerParts']],
      ['saveSection', ['ledgerParts']],
      ['composeSections', ['ledgerParts']],
      ['restoreSectionVersion', ['ledgerParts']],
      ['draftStep', ['draftStep']],
      ['createExport', ['exportReport']],
    ]);
    for (const route of starters) {
      const workerId = route.access.invoke![0]!;
      const worker = api.one('AWS::Lambda::Function', `Worker${workerId}Fn`);
      // a worker started from several areas lives in the Api stack: the area stack gets its ARN and name as parameters
      const fn = api.one('AWS::Lambda::Function', `Fn${route.id}Fn`);
      expect(worker.area === undefined || worker.area === fn.area, route.id).toBe(true);
      const invoke = statementsOf(route.id).filter((st) => [st.Action].flat().includes('lambda:InvokeFunction'));
      expect(invoke.map((st) => ({ ...st, Resource: api.inParent(fn, st.Resource) })), route.id).toEqual([{ Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: { 'Fn::GetAtt': [worker.logicalId, 'Arn'] } }]);
      const env = fn.resource.Properties.Environment.Variables;
      expect(api.inParent(fn, env[workerFunctionEnv(workerId)]), route.id).toEqual({ Ref: worker.logicalId });
    }
    for (const route of routeList.filter((r) => !r.access.invoke?.length)) {
      expect(actionsOf(statementsOf(route.id)), route.id).not.toContain('lambda:InvokeFunction');
    }
  });

  it('throttles the stage, and the auth routes more strictly, and logs access; the stage waits for every area (its RouteSettings name their routes)', () => {
    api.parent.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
      RouteSettings: Match.objectLike({ 'POST /api/auth/login': { ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 } }),
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
    });
    const [stage] = Object.values(api.parent.findResources('AWS::ApiGatewayV2::Stage'));
    expect(Object.keys(stage!.Properties.RouteSettings).sort()).toEqual(routeList.filter((r) => r.throttle === 'auth').map(keyOf).sort());
    expect([...(stage!.DependsOn as string[])].sort()).toEqual(Object.keys(api.parent.findResources('AWS::CloudFormation::Stack')).sort());
  });

  it('grants each function only what its route declares', () => {
    // health touches nothing
    expect(actionsOf(statementsOf('health'))).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
    // register: table read/write, three admin actions on the pool (create, set the password, delete on a failure;
    // the user stays enabled so sign-in can check its password before saying "not confirmed"), and mail
    const register = actionsOf(statementsOf('register'));
    expect(register).toEqual(expect.arrayContaining(['cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminDeleteUser', 'dynamodb:PutItem', 'ses:SendEmail']));
    expect(register.filter((a) => a.startsWith('cognito-idp:'))).toHaveLength(3);
    // confirm-email: enables the user and marks the email verified, nothing else on the pool
    const confirm = actionsOf(statementsOf('confirmEmail'));
    expect(confirm.filter((a) => a.startsWith('cognito-idp:')).sort()).toEqual(['cognito-idp:AdminEnableUser', 'cognito-idp:AdminUpdateUserAttributes']);
    // forgot password: mail, no Cognito
    const forgot = actionsOf(statementsOf('forgotPassword'));
    expect(forgot).toContain('ses:SendEmail');
    expect(forgot.some((a) => a.startsWith('cognito-idp:'))).toBe(false);
    // verify: reads only
    const verify = actionsOf(statementsOf('verify'));
    expect(verify.some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a))).toBe(false);
    // login needs no IAM for InitiateAuth (a public client API)
    expect(actionsOf(statementsOf('login')).some((a) => a.startsWith('cognito-idp:'))).toBe(false);
    // the administrators' list reads only; deactivation disables the user and signs it out, nothing more
    const listUsers = actionsOf(statementsOf('listUsers'));
    expect(listUsers.some((a) => a.startsWith('cognito-idp:') || /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a))).toBe(false);
    const deactivate = actionsOf(statementsOf('deactivateUser'));
    expect(deactivate.filter((a) => a.startsWith('cognito-idp:')).sort()).toEqual(['cognito-idp:AdminDisableUser', 'cognito-idp:AdminUserGlobalSignOut']);
    // sign out everywhere and a password reset end the sessions in Cognito too (COGNITO_GLOBAL_SIGN_OUT)
    expect(actionsOf(statementsOf('logoutAll')).filter((a) => a.startsWith('cognito-idp:'))).toEqual(['cognito-idp:AdminUserGlobalSignOut']);
    expect(actionsOf(statementsOf('resetPassword')).filter((a) => a.startsWith('cognito-idp:')).sort()).toEqual([
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminUserGlobalSignOut',
    ]);
  });

  it('has no wildcard actions, and wildcard resources only for X-Ray, in any of the stacks', () => {
    const policies = api.find('AWS::IAM::Policy');
    expect(policies.length).toBeGreaterThan(routeList.length);
    for (const { resource: policy } of policies) {
      for (const s of policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]) {
        const actions = Array.isArray(s.Action) ? s.Action : [s.Action];
        for (const a of actions) expect(a).not.toMatch(/(^\*$|:\*$)/);
        if (s.Resource === '*') expect(actions.every((a) => a.startsWith('xray:'))).toBe(true);
      }
    }
  });

  it('sets each environment variable together with its grant', () => {
    const envOf = (id: string) => api.one('AWS::Lambda::Function', `Fn${id}Fn`).resource.Properties.Environment.Variables as Record<string, unknown>;
    expect(Object.keys(envOf('health'))).not.toContain('TABLE_NAME');
    // the session check's read-only grant brings the table's name to a signed-in route that declares no table
    expect(envOf('openapi')).toHaveProperty('TABLE_NAME');
    expect(envOf('register')).toHaveProperty('TABLE_NAME');
    expect(envOf('register')).toHaveProperty('USER_POOL_ID');
    expect(envOf('forgotPassword')).toHaveProperty('MAIL_FROM', 'no-reply@firm.example');
    expect(envOf('verify')).toHaveProperty('COGNITO_ISSUER');
    expect(envOf('login')).toMatchObject({ DEMO_MODE: 'false', ALLOWED_EMAIL_DOMAINS: 'firm.example', COOKIE_SECURE: 'true' });
  });

  it('gives the functions that send notification emails the app\'s URL for their links (the custom domain, or appUrl), and no other function', () => {
    // without a domain or appUrl the links are paths: nothing set
    const emailing = ['createComment', 'replyToComment', 'requestReview', 'decideReview'];
    const envOfIn = (templates: ApiTemplates, id: string) => templates.one('AWS::Lambda::Function', `Fn${id}Fn`).resource.Properties.Environment.Variables as Record<string, unknown>;
    const digestEnv = (templates: ApiTemplates) => templates.one('AWS::Lambda::Function', 'WorkernotificationDigestFn').resource.Properties.Environment.Variables as Record<string, unknown>;
    for (const id of emailing) expect(envOfIn(api, id)).not.toHaveProperty('APP_URL');
    // on a custom domain: that origin
    const onDomain = new ApiTemplates(
      buildApp({
        app: new App(),
        nag: false,
        config: readDeployConfig(() => undefined, { ALLOWED_EMAIL_DOMAINS: 'firm.example', DOMAIN_NAME: 'assay.firm.example', CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' }),
      }).stacks.api,
    );
    for (const id of emailing) expect(envOfIn(onDomain, id)).toHaveProperty('APP_URL', 'https://assay.firm.example');
    expect(digestEnv(onDomain)).toHaveProperty('APP_URL', 'https://assay.firm.example');
    expect(envOfIn(onDomain, 'getReport')).not.toHaveProperty('APP_URL');
    // appUrl names the distribution's URL (no custom domain), and wins over the domain
    const named = new ApiTemplates(buildApp({ app: new App(), nag: false, config: readDeployConfig(() => undefined, { ALLOWED_EMAIL_DOMAINS: 'firm.example', APP_URL: 'https://d111111abcdef8.cloudfront.net' }) }).stacks.api);
    expect(envOfIn(named, 'replyToComment')).toHaveProperty('APP_URL', 'https://d111111abcdef8.cloudfront.net');
    expect(() => readDeployConfig(() => undefined, { ALLOWED_EMAIL_DOMAINS: 'firm.example', APP_URL: 'http://insecure.example/path' })).toThrow(/appUrl must be an https origin/);
    // the web stack says what to set it to
    expect(Object.keys(web.findOutputs('AppUrl'))).toHaveLength(1);
  });
});

describe('monitoring stack: the security log', () => {
  it('counts failed sign-ins (the sign-in functions\' security events) and 403 answers (the access log), with an alarm on each', () => {
    const monitoring = Template.fromStack(built.stacks.monitoring);
    const filters = Object.values(monitoring.findResources('AWS::Logs::MetricFilter')).map((f) => f.Properties as { FilterPattern: string; MetricTransformations: { MetricName: string; MetricNamespace: string }[] });
    expect(filters.filter((f) => f.FilterPattern === FAILED_SIGN_IN_PATTERN)).toHaveLength(2);
    expect(filters.filter((f) => f.FilterPattern === FORBIDDEN_PATTERN)).toHaveLength(1);
    for (const f of filters) expect(f.MetricTransformations[0]!.MetricNamespace).toBe(SECURITY_METRICS);
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'FailedSignIns', Namespace: SECURITY_METRICS, Threshold: ALARMS.failedSignIns, AlarmActions: Match.anyValue() });
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'Forbidden', Namespace: SECURITY_METRICS, Threshold: ALARMS.forbidden, AlarmActions: Match.anyValue() });
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
