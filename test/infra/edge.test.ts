/**
 * The edge cannot be bypassed and sign-in can go through the firm's identity provider: CloudFront's secret
 * origin header and the functions' check, the per-address rate limit on /api/auth/* on by default, the
 * evidence bucket's CORS naming the app's origin, and the federation option (hosted UI, code grant with PKCE,
 * no registration routes, config.json for the SPA).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routeList } from '@shared/api/routes';
import { workerList } from '@shared/api/workers';
import { FEDERATED_CALLBACK_PATH, ORIGIN_VERIFY_HEADER } from '@shared/constants';
import { evidenceBucketCors } from '@shared/resources/buckets';
import { buildApp, REGISTRATION_ROUTES } from '../../infra/app';
import { readDeployConfig } from '../../infra/config';
import { INVOKE_ARNS_PER_POLICY, ORIGIN_VERIFY_PARAMETER } from '../../infra/stacks/api-area-stack';
import { nagErrors } from './nag';
import { templatesOf } from './templates';

function build(env: Record<string, string>, context: Record<string, unknown> = {}) {
  const config = readDeployConfig((k) => context[k], { ALLOWED_EMAIL_DOMAINS: 'firm.example', SES_FROM_ADDRESS: 'no-reply@firm.example', ...env });
  const built = buildApp({ app: new App(), config, account: '123456789012' });
  return { built, t: templatesOf(built) };
}

const CUSTOM_DOMAIN = { DOMAIN_NAME: 'assay.firm.example', CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' };
const OIDC = {
  type: 'oidc',
  name: 'FirmSSO',
  label: 'Firm SSO',
  issuerUrl: 'https://login.firm.example',
  clientId: 'firm-client-id',
  clientSecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:assay/idp-AbCdEf',
};

const plain = build({});
const federated = build({ ...CUSTOM_DOMAIN, ASSAY_STAGE: 'prod' }, { identityProvider: OIDC });

const nagErrorsOf = (built: ReturnType<typeof build>['built']) => nagErrors(Object.values(built.stacks));

describe('nothing bypasses the edge', () => {
  it('generates the origin-verify secret at deploy (never a value in the template)', () => {
    plain.t.api.parent.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'assay/dev/origin-verify',
      GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }),
    });
    const secrets = plain.t.api.find('AWS::SecretsManager::Secret');
    expect(secrets).toHaveLength(1);
    for (const { resource } of secrets) expect(resource.Properties.SecretString).toBeUndefined();
  });

  it('has CloudFront add the secret to every API request, read from Secrets Manager at deploy', () => {
    const dist = Object.values(plain.t.web.findResources('AWS::CloudFront::Distribution'))[0]!;
    const origins = dist.Properties.DistributionConfig.Origins as { DomainName: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: string }[] }[];
    const apiOrigin = origins.find((o) => JSON.stringify(o.DomainName).includes('execute-api'))!;
    expect(apiOrigin.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: '{{resolve:secretsmanager:assay/dev/origin-verify:SecretString:::}}' }]);
  });

  it('gives every route function the value to check (resolved once per area stack, never written in a template), and no background worker', () => {
    const [secretId] = Object.keys(plain.t.api.parent.findResources('AWS::SecretsManager::Secret'));
    for (const route of routeList) {
      const fn = plain.t.api.one('AWS::Lambda::Function', `Fn${route.id}Fn`);
      const value = fn.resource.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET;
      // a NoEcho parameter of the area stack, which the Api stack sets to a dynamic reference to the secret
      expect(value, route.id).toEqual({ Ref: ORIGIN_VERIFY_PARAMETER });
      expect(fn.template.toJSON().Parameters[ORIGIN_VERIFY_PARAMETER], route.id).toMatchObject({ Type: 'String', NoEcho: true });
      expect(plain.t.api.inParent(fn, value), route.id).toEqual({ 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] });
    }
    for (const worker of workerList) {
      const fn = plain.t.api.one('AWS::Lambda::Function', `Worker${worker.id}Fn`).resource;
      expect(fn.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET, worker.id).toBeUndefined();
    }
  });

  it("lets API Gateway invoke exactly the route functions through one role per area (no per-route permission), each role only its area's functions", () => {
    // the only resource-based permissions: EventBridge starting a scheduled worker (the daily digest), from its own rule
    const permissions = plain.t.api.find('AWS::Lambda::Permission');
    const scheduled = workerList.filter((w) => w.schedule);
    expect(permissions.map((p) => [p.resource.Properties.Principal, p.resource.Properties.FunctionName])).toEqual(scheduled.map((w) => ['events.amazonaws.com', { 'Fn::GetAtt': [expect.stringMatching(new RegExp(`^Worker${w.id}Fn`)), 'Arn'] }]));
    expect(plain.t.api.find('AWS::ApiGatewayV2::Integration')).toHaveLength(routeList.length);
    let invocable = 0;
    for (const [area, template] of plain.t.api.areas) {
      const roles = Object.entries(template.findResources('AWS::IAM::Role')).filter(([id]) => id.startsWith('ApiInvokeRole'));
      expect(roles, area).toHaveLength(1);
      const [roleId, role] = roles[0]!;
      expect(JSON.stringify(role.Properties.AssumeRolePolicyDocument)).toContain('apigateway.amazonaws.com');
      for (const i of Object.values(template.findResources('AWS::ApiGatewayV2::Integration'))) expect(i.Properties.CredentialsArn).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] });
      const attached = (p: Record<string, unknown>) => ((p.Properties as { Roles?: { Ref: string }[] }).Roles ?? []).some((r) => r.Ref === roleId);
      expect(Object.values(template.findResources('AWS::IAM::Policy')).filter(attached)).toEqual([]);
      const statements = Object.values(template.findResources('AWS::IAM::ManagedPolicy'))
        .filter(attached)
        .flatMap((p) => (p.Properties as { PolicyDocument: { Statement: { Action: string; Resource: unknown }[] } }).PolicyDocument.Statement)
        // a statement of one resource names it without a list
        .map((st) => ({ ...st, Resource: [st.Resource].flat() }));
      expect(new Set(statements.map((st) => st.Action))).toEqual(new Set(['lambda:InvokeFunction']));
      for (const st of statements) expect(st.Resource.length).toBeLessThanOrEqual(INVOKE_ARNS_PER_POLICY);
      // exactly the area's route functions (never a worker, never another area's function)
      const fnIds = Object.keys(template.findResources('AWS::Lambda::Function')).filter((id) => id.startsWith('Fn'));
      const invoked = statements.flatMap((st) => st.Resource as { 'Fn::GetAtt': [string, string] }[]);
      expect(invoked.map((r) => r['Fn::GetAtt'][0]).sort(), area).toEqual(fnIds.sort());
      for (const r of invoked) expect(r['Fn::GetAtt'][1]).toBe('Arn');
      invocable += fnIds.length;
    }
    expect(invocable).toBe(routeList.length);
  });

  it('limits requests per address on /api/auth/* by default where CloudFront can (us-east-1); elsewhere only by asking in us-east-1', () => {
    plain.t.web.hasResourceProperties('AWS::WAFv2::WebACL', { Rules: Match.arrayWith([Match.objectLike({ Name: 'rate-limit-auth' })]) });
    const elsewhere = build({ CDK_DEFAULT_REGION: 'eu-west-2' });
    elsewhere.t.web.resourceCountIs('AWS::WAFv2::WebACL', 0);
    build({ ENABLE_WAF: 'false' }).t.web.resourceCountIs('AWS::WAFv2::WebACL', 0);
  });
});

describe("the evidence bucket's CORS names the app's origin, never *", () => {
  it('names the custom domain in the data stack', () => {
    federated.t.data.hasResourceProperties('AWS::S3::Bucket', { CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://assay.firm.example'] })] } });
    expect(Object.keys(federated.t.web.findResources('Custom::AWS'))).toHaveLength(0);
  });

  it("without a custom domain, sets it to the distribution's domain once that exists (and only s3:PutBucketCORS on that bucket)", () => {
    const buckets = JSON.stringify(plain.t.data.findResources('AWS::S3::Bucket'));
    expect(buckets).not.toContain('CorsConfiguration');
    expect(buckets).not.toContain('"*"');
    const [cors] = Object.values(plain.t.web.findResources('Custom::AWS'));
    const text = JSON.stringify(cors!.Properties.Create);
    expect(text).toContain('putBucketCors');
    expect(text).toMatch(/https:\/\/"?,?\{"Fn::GetAtt":\["Distribution[A-Z0-9]+","DomainName"\]\}/);
    expect(text).toContain('\\"AllowedOrigins\\":[\\"https://');
    expect(text).not.toContain('\\"AllowedOrigins\\":[\\"*');
    for (const m of evidenceBucketCors.allowedMethods) expect(text).toContain(m);
    plain.t.web.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: [Match.objectLike({ Action: 's3:PutBucketCORS', Effect: 'Allow', Resource: Match.anyValue() })] },
    });
  });
});

describe("sign-in through the firm's identity provider", () => {
  it('adds the OIDC provider with its secret read from Secrets Manager, mapping email and name', () => {
    federated.t.auth.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'FirmSSO',
      ProviderType: 'OIDC',
      ProviderDetails: Match.objectLike({
        client_id: 'firm-client-id',
        client_secret: `{{resolve:secretsmanager:${OIDC.clientSecretArn}:SecretString:::}}`,
        oidc_issuer: 'https://login.firm.example',
        authorize_scopes: 'openid email profile',
      }),
      AttributeMapping: { email: 'email', email_verified: 'email_verified', name: 'name' },
    });
  });

  it('adds the SAML provider from its metadata URL', () => {
    const saml = build(CUSTOM_DOMAIN, { identityProvider: { type: 'saml', name: 'FirmAD', metadataUrl: 'https://adfs.firm.example/FederationMetadata.xml' } });
    saml.t.auth.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'FirmAD',
      ProviderType: 'SAML',
      ProviderDetails: Match.objectLike({ MetadataURL: 'https://adfs.firm.example/FederationMetadata.xml' }),
      AttributeMapping: { email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', name: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name' },
    });
    expect(nagErrorsOf(saml.built)).toEqual([]);
  });

  it('gives the pool a hosted UI domain and the app client the code grant only, no secret, back to the app', () => {
    federated.t.auth.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'assay-prod-123456789012' });
    federated.t.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: Match.arrayWith(['openid', 'email', 'profile']),
      CallbackURLs: [`https://assay.firm.example${FEDERATED_CALLBACK_PATH}`],
      LogoutURLs: ['https://assay.firm.example/login'],
      SupportedIdentityProviders: ['FirmSSO', 'COGNITO'],
    });
    // without the option: no OAuth on the client at all (no hosted UI, no example.com callback)
    const client = Object.values(plain.t.auth.findResources('AWS::Cognito::UserPoolClient'))[0]!;
    expect(client.Properties.AllowedOAuthFlows).toBeUndefined();
    expect(client.Properties.CallbackURLs).toBeUndefined();
    plain.t.auth.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
  });

  it('deploys no registration routes, and gives the code exchange its hosted UI settings', () => {
    const keys = federated.t.api.find('AWS::ApiGatewayV2::Route').map((r) => r.resource.Properties.RouteKey as string);
    for (const id of REGISTRATION_ROUTES) {
      const route = routeList.find((r) => r.id === id)!;
      expect(keys, id).not.toContain(`${route.method} ${route.path}`);
    }
    expect(keys).toContain('POST /api/auth/federated');
    expect(keys).toContain('POST /api/auth/login');
    const env = federated.t.api.one('AWS::Lambda::Function', 'FnfederatedSignInFn').resource.Properties.Environment.Variables;
    expect(env.FEDERATED_REDIRECT_URI).toBe(`https://assay.firm.example${FEDERATED_CALLBACK_PATH}`);
    expect(JSON.stringify(env.COGNITO_DOMAIN)).toContain('amazoncognito.com');
    expect(env).toHaveProperty('USER_POOL_CLIENT_ID');
    // without the option the route answers 404 "not set up": it has no hosted UI settings
    const plainEnv = plain.t.api.one('AWS::Lambda::Function', 'FnfederatedSignInFn').resource.Properties.Environment.Variables;
    expect(plainEnv.COGNITO_DOMAIN).toBeUndefined();
  });

  it("tells the SPA in config.json: registration off, the button's label, the authorize URL and the client", () => {
    const assembly = federated.built.app.synth();
    const files = readdirSync(assembly.directory, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('config.json'));
    const texts = files.map((f) => readFileSync(join(assembly.directory, f), 'utf8'));
    const config = texts.find((s) => s.includes('identityProvider'));
    expect(config).toBeDefined();
    expect(config).toContain('"registration":false');
    expect(config).toContain('"label":"Firm SSO"');
    expect(config).toContain('"provider":"FirmSSO"');
    expect(config).toContain('/oauth2/authorize');
  });

  it('passes cdk-nag with and without the option', () => {
    expect(nagErrorsOf(federated.built)).toEqual([]);
    expect(nagErrorsOf(plain.built)).toEqual([]);
  });
});
