import { Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { userPoolDefinition as def } from '@shared/resources/user-pool';
import { FEDERATED_CALLBACK_PATH } from '@shared/constants';
import type { IdentityProviderConfig } from '../config';

export interface AuthStackProps extends StackProps {
  production: boolean;
  /** Cognito threat protection (extra cost per active user) */
  threatProtection?: boolean;
  /** sign-in through the firm's identity provider (OIDC or SAML federation), with appOrigin */
  identityProvider?: IdentityProviderConfig;
  /** https://<domainName>: where the hosted UI returns after a federated sign-in */
  appOrigin?: string;
  /** the stage, for the hosted UI's default domain prefix */
  stage?: string;
}

/**
 * The staff user pool and the SPA's app client (from the shared definition). Self sign-up is off:
 * registration goes through our API (AdminCreateUser), which enforces the allowed email domains and
 * the password policy, so Cognito's public SignUp cannot bypass them.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  /** the hosted UI's domain, when sign-in goes through the firm's identity provider */
  readonly hostedUi?: cognito.UserPoolDomain;
  /** that identity provider as Cognito knows it */
  readonly federatedProvider?: cognito.UserPoolIdentityProviderOidc | cognito.UserPoolIdentityProviderSaml;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      selfSignUpEnabled: false,
      signInCaseSensitive: false,
      signInAliases: { username: true },
      standardAttributes: { email: { required: true, mutable: true }, fullname: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: def.passwordPolicy.minLength,
        requireLowercase: def.passwordPolicy.requireLowercase,
        requireUppercase: def.passwordPolicy.requireUppercase,
        requireDigits: def.passwordPolicy.requireDigits,
        requireSymbols: def.passwordPolicy.requireSymbols,
        tempPasswordValidity: Duration.days(1),
      },
      // our own reset codes (single use, 10 minutes, hashed, attempt-limited) replace Cognito's flow
      accountRecovery: cognito.AccountRecovery.NONE,
      mfa: cognito.Mfa.OFF,
      featurePlan: props.threatProtection ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      ...(props.threatProtection ? { standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION } : {}),
      deletionProtection: props.production,
      removalPolicy: props.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    const idp = props.identityProvider;
    if (idp && !props.appOrigin) throw new Error('AuthStack: identityProvider needs appOrigin (the callback URL)');
    if (idp) {
      // the IdP's email and name become the user's attributes (name is required by the pool)
      this.federatedProvider =
        idp.type === 'oidc'
          ? new cognito.UserPoolIdentityProviderOidc(this, 'FirmIdentityProvider', {
              userPool: this.userPool,
              name: idp.name,
              clientId: idp.clientId,
              // a dynamic reference resolved by CloudFormation: the secret stays in Secrets Manager
              clientSecret: SecretValue.secretsManager(idp.clientSecretArn).unsafeUnwrap(),
              issuerUrl: idp.issuerUrl,
              scopes: ['openid', 'email', 'profile'],
              attributeRequestMethod: cognito.OidcAttributeRequestMethod.GET,
              attributeMapping: {
                email: cognito.ProviderAttribute.other('email'),
                emailVerified: cognito.ProviderAttribute.other('email_verified'),
                fullname: cognito.ProviderAttribute.other('name'),
              },
            })
          : new cognito.UserPoolIdentityProviderSaml(this, 'FirmIdentityProvider', {
              userPool: this.userPool,
              name: idp.name,
              metadata: cognito.UserPoolIdentityProviderSamlMetadata.url(idp.metadataUrl),
              attributeMapping: { email: cognito.ProviderAttribute.other(idp.emailAttribute), fullname: cognito.ProviderAttribute.other(idp.nameAttribute) },
            });
      this.hostedUi = this.userPool.addDomain('HostedUi', {
        cognitoDomain: { domainPrefix: idp.domainPrefix ?? `assay-${props.stage ?? 'dev'}-${this.account}` },
      });
    }

    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: def.client.logicalName,
      authFlows: { userPassword: true, userSrp: false, adminUserPassword: false, custom: false },
      generateSecret: false,
      accessTokenValidity: Duration.minutes(def.client.accessTokenValidityMinutes),
      idTokenValidity: Duration.minutes(def.client.idTokenValidityMinutes),
      refreshTokenValidity: Duration.minutes(def.client.refreshTokenValidityMinutes),
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      // The authorization-code grant only with the firm's identity provider (a public client: PKCE, no
      // secret), returning to the app's own origin; otherwise no OAuth at all (no hosted UI is reachable).
      ...(idp && props.appOrigin
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: true, implicitCodeGrant: false, clientCredentials: false },
              scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
              callbackUrls: [`${props.appOrigin}${FEDERATED_CALLBACK_PATH}`],
              logoutUrls: [`${props.appOrigin}/login`],
            },
            // COGNITO stays for accounts that already sign in with a password (registration is off)
            supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.custom(idp.name), cognito.UserPoolClientIdentityProvider.COGNITO],
          }
        : { disableOAuth: true }),
    });
    if (this.federatedProvider) this.userPoolClient.node.addDependency(this.federatedProvider);
  }
}
