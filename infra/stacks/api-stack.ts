import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { workerList, type WorkerDef } from '@shared/api/workers';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { join } from 'node:path';
import type { RouteDef } from '@shared/api/route-types';
import { AppFunction, type AppResources } from '../constructs/app-function';

export interface ApiStackProps extends StackProps {
  routes: readonly RouteDef[];
  /** background workers (default: shared/api/workers.ts) */
  workers?: readonly WorkerDef[];
  /** dist/functions: one directory per route id */
  functionsDir: string;
  resources: AppResources;
  commonEnvironment: Record<string, string>;
  logRetention: logs.RetentionDays;
  /**
   * Secrets Manager name of the value CloudFront sends in the origin-verify header (generated at deploy, never
   * in the repo); every route function refuses a request without it, so the execute-api address cannot bypass
   * the edge (WAF, security headers). Without it (tests of other stacks) there is no check.
   */
  originSecretName?: string;
  /** production: keep the secret when the stack is deleted */
  production?: boolean;
}

/**
 * A route's Lambda integration that API Gateway invokes with one role of its own (lambda:InvokeFunction on
 * exactly the route functions) instead of a resource-based permission on each function: one role and policy
 * in place of a permission per route, which keeps the stack under CloudFormation's 500 resources.
 */
class RoleInvokedLambdaIntegration extends apigw.HttpRouteIntegration {
  constructor(
    id: string,
    private readonly fn: lambda.IFunction,
    private readonly role: iam.IRole,
  ) {
    super(id);
  }

  bind(): apigw.HttpRouteIntegrationConfig {
    return {
      type: apigw.HttpIntegrationType.AWS_PROXY,
      uri: this.fn.functionArn,
      payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
      credentials: apigw.IntegrationCredentials.fromRole(this.role),
    };
  }
}

const INVOKE_ARNS_PER_POLICY = 25;

/** Default and auth-route throttling (requests per second, burst). */
export const THROTTLE = {
  default: { rateLimit: 100, burstLimit: 200 },
  auth: { rateLimit: 10, burstLimit: 20 },
} as const;

/** The HTTP API: one function and one route per route-table entry; the Cognito JWT authorizer on `auth: 'user'` routes. */
export class ApiStack extends Stack {
  readonly httpApi: apigw.HttpApi;
  readonly functions = new Map<string, lambda.Function>();
  /** the background workers' functions, by worker id */
  readonly workers = new Map<string, lambda.Function>();
  /** the origin-verify secret CloudFront sends (see originSecretName) */
  readonly originSecret?: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { userPool, userPoolClient } = props.resources;

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Assay API',
      createDefaultStage: false,
    });

    if (props.originSecretName) {
      this.originSecret = new secretsmanager.Secret(this, 'OriginVerifySecret', {
        secretName: props.originSecretName,
        description: 'Assay: the header value CloudFront adds to API requests; the functions refuse requests without it',
        generateSecretString: { passwordLength: 64, excludePunctuation: true },
        removalPolicy: props.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
    }

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: props.logRetention });
    const stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: THROTTLE.default,
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(accessLogs), format: AccessLogFormat.jsonWithStandardFields() },
    });

    const authorizer = new HttpJwtAuthorizer('CognitoJwt', `https://cognito-idp.${this.region}.amazonaws.com/${userPool.userPoolId}`, {
      jwtAudience: [userPoolClient.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });

    // workers first: the routes that start one are granted invoke on its function
    for (const worker of props.workers ?? workerList) {
      const fn = new AppFunction(this, `Worker-${worker.id}`, {
        worker,
        codeDir: join(props.functionsDir, `worker-${worker.id}`),
        resources: props.resources,
        commonEnvironment: props.commonEnvironment,
        logRetention: props.logRetention,
      }).fn;
      // a failed run records its own failure on the job; Lambda must not run it again
      fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(15) });
      this.workers.set(worker.id, fn);
      this.functions.set(`worker:${worker.id}`, fn);
    }

    const invokeRole = new iam.Role(this, 'ApiInvokeRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': this.account } } }),
      description: 'API Gateway invokes the route functions with this role (and only them)',
    });
    const routeFunctionArns: string[] = [];

    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of props.routes) {
      const fn = new AppFunction(this, `Fn-${route.id}`, {
        route,
        workers: this.workers,
        codeDir: join(props.functionsDir, route.id),
        resources: props.resources,
        commonEnvironment: props.commonEnvironment,
        logRetention: props.logRetention,
      }).fn;
      this.functions.set(route.id, fn);
      routeFunctionArns.push(fn.functionArn);
      // resolved by CloudFormation at deploy (a dynamic reference): the template holds only the secret's name
      if (this.originSecret) fn.addEnvironment('ORIGIN_VERIFY_SECRET', this.originSecret.secretValue.unsafeUnwrap());
      new apigw.HttpRoute(this, `Route-${route.id}`, {
        httpApi: this.httpApi,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration: new RoleInvokedLambdaIntegration(`Integration-${route.id}`, fn, invokeRole),
        ...(route.auth === 'user' ? { authorizer } : {}),
      });
      if (route.throttle === 'auth') {
        routeSettings[`${route.method} ${route.path}`] = {
          ThrottlingRateLimit: THROTTLE.auth.rateLimit,
          ThrottlingBurstLimit: THROTTLE.auth.burstLimit,
        };
      }
    }
    // in managed policies of 25 functions each: a role's inline policies share 10,240 characters, a managed
    // policy holds 6,144, and some 75 function ARNs of ~100 characters fit neither at once
    for (let i = 0; i * INVOKE_ARNS_PER_POLICY < routeFunctionArns.length; i++) {
      new iam.ManagedPolicy(this, `ApiInvokePolicy${i}`, {
        roles: [invokeRole],
        statements: [new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: routeFunctionArns.slice(i * INVOKE_ARNS_PER_POLICY, (i + 1) * INVOKE_ARNS_PER_POLICY) })],
      });
    }
    (stage.node.defaultChild as apigw.CfnStage).addPropertyOverride('RouteSettings', routeSettings);
  }

  /** The API's execute-api host, for CloudFront's `/api/*` origin. */
  get apiDomain(): string {
    return `${this.httpApi.apiId}.execute-api.${this.region}.amazonaws.com`;
  }
}
