import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { userPoolDefinition as def } from '@shared/resources/user-pool';

export interface AuthStackProps extends StackProps {
  production: boolean;
  /** Cognito threat protection (extra cost per active user) */
  threatProtection?: boolean;
}

/**
 * The staff user pool and the SPA's app client (from the shared definition). Self sign-up is off:
 * registration goes through our API (AdminCreateUser), which enforces the allowed email domains and
 * the password policy, so Cognito's public SignUp cannot bypass them.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;

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

    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: def.client.logicalName,
      authFlows: { userPassword: true, userSrp: false, adminUserPassword: false, custom: false },
      generateSecret: false,
      accessTokenValidity: Duration.minutes(def.client.accessTokenValidityMinutes),
      idTokenValidity: Duration.minutes(def.client.idTokenValidityMinutes),
      refreshTokenValidity: Duration.minutes(def.client.refreshTokenValidityMinutes),
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
    });
  }
}
