/**
 * The edge cannot be bypassed and sign-in can go through the firm's identity provider: CloudFront's secret
 * origin header and the functions' check, the per-address rate limit on /api/auth/* on by default, the
 * evidence bucket's CORS naming the app's origin, and the federation option (hosted UI, code grant with PKCE,
 * no registration routes, config.json for the SPA).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routeList } from '@shared/api/routes';
import { workerList } from '@shared/api/workers';
import { FEDERATED_CALLBACK_PATH, ORIGIN_VERIFY_HEADER } from '@shared/constants';
import { evidenceBucketCors } from '@shared/resources/buckets';
import { buildApp, REGISTRATION_ROUTES } from '../../infra/app';
import { readDeployConfig } from '../../infra/config';
import { nagErrors } from './nag';

function build(env: Record<string, string>, context: Record<string, unknown> = {}) {
  const config = readDeployConfig((k) => context[k], { ALLOWED_EMAIL_DOMAINS: 'firm.example', SES_FROM_ADDRESS: 'no-reply@firm.example', ...env });
  const built = buildApp({ app: new App(), config, account: '123456789012' });
  const t = Object.fromEntries(Object.entries(built.stacks).map(([k, s]) => [k, Template.fromStack(s)])) as Record<keyof typeof built.stacks, Template>;
  return { built, t };
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
    plain.t.api.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'assay/dev/origin-verify',
      GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }),
    });
    for (const secret of Object.values(plain.t.api.findResources('AWS::SecretsManager::Secret'))) expect(secret.Properties.SecretString).toBeUndefined();
  });

  it('has CloudFront add the secret to every API request, read from Secrets Manager at deploy', () => {
    const dist = Object.values(plain.t.web.findResources('AWS::CloudFront::Distribution'))[0]!;
    const origins = dist.Properties.DistributionConfig.Origins as { DomainName: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: string }[] }[];
    const apiOrigin = origins.find((o) => JSON.stringify(o.DomainName).includes('execute-api'))!;
    expect(apiOrigin.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: '{{resolve:secretsmanager:assay/dev/origin-verify:SecretString:::}}' }]);
  });

  it('gives every route function the value to check, and no background worker', () => {
    const fns = Object.entries(plain.t.api.findResources('AWS::Lambda::Function'));
    for (const route of routeList) {
      const [, fn] = fns.find(([id]) => id.startsWith(`Fn${route.id}Fn`))!;
      expect(JSON.stringify(fn.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET), route.id).toContain('{{resolve:secretsmanager:');
    }
    for (const worker of workerList) {
      const [, fn] = fns.find(([id]) => id.startsWith(`Worker${worker.id}Fn`))!;
      expect(fn.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET, worker.id).toBeUndefined();
    }
  });

  it('lets API Gateway invoke exactly the route functions through one role (no per-route permission), keeping the stack under 500 resources', () => {
    plain.t.api.resourceCountIs('AWS::Lambda::Permission', 0);
    const integrations = Object.values(plain.t.api.findResources('AWS::ApiGatewayV2::Integration'));
    expect(integrations).toHaveLength(routeList.length);
    for (const i of integrations) expect(i.Properties.CredentialsArn).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^ApiInvokeRole/), 'Arn'] });
    const [roleId, role] = Object.entries(plain.t.api.findResources('AWS::IAM::Role')).find(([id]) => id.startsWith('ApiInvokeRole'))!;
    expect(JSON.stringify(role.Properties.AssumeRolePolicyDocument)).toContain('apigateway.amazonaws.com');
    const attached = (p: Record<string, unknown>) => ((p.Properties as { Roles?: { Ref: string }[] }).Roles ?? []).some((r) => r.Ref === roleId);
    expect(Object.values(plain.t.api.findResources('AWS::IAM::Policy')).filter(attached)).toEqual([]);
    const statements = Object.values(plain.t.api.findResources('AWS::IAM::ManagedPolicy'))
      .filter(attached)
      .flatMap((p) => (p.Properties as { PolicyDocument: { Statement: { Action: string; Resource: unknown[] }[] } }).PolicyDocument.Statement);
    expect(new Set(statements.map((st) => st.Action))).toEqual(new Set(['lambda:InvokeFunction']));
    const resources = statements.flatMap((st) => st.Resource);
    expect(resources).toHaveLength(routeList.length);
    for (const st of statements) expect(st.Resource.length).toBeLessThanOrEqual(25);
    expect(JSON.stringify(resources)).not.toContain('Worker');
    expect(Object.keys(plain.t.api.toJSON().Resources as object).length).toBeLessThan(480);
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
    const keys = Object.values(federated.t.api.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey as string);
    for (const id of REGISTRATION_ROUTES) {
      const route = routeList.find((r) => r.id === id)!;
      expect(keys, id).not.toContain(`${route.method} ${route.path}`);
    }
    expect(keys).toContain('POST /api/auth/federated');
    expect(keys).toContain('POST /api/auth/login');
    const fns = Object.entries(federated.t.api.findResources('AWS::Lambda::Function'));
    const env = fns.find(([id]) => id.startsWith('FnfederatedSignInFn'))![1].Properties.Environment.Variables;
    expect(env.FEDERATED_REDIRECT_URI).toBe(`https://assay.firm.example${FEDERATED_CALLBACK_PATH}`);
    expect(JSON.stringify(env.COGNITO_DOMAIN)).toContain('amazoncognito.com');
    expect(env).toHaveProperty('USER_POOL_CLIENT_ID');
    // without the option the route answers 404 "not set up": it has no hosted UI settings
    const plainEnv = Object.entries(plain.t.api.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith('FnfederatedSignInFn'))![1].Properties.Environment.Variables;
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
