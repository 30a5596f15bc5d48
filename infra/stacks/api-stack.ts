import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventTargets from 'aws-cdk-lib/aws-events-targets';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { workerList, type WorkerDef } from '@shared/api/workers';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { join } from 'node:path';
import type { RouteDef } from '@shared/api/route-types';
import { AppFunction, type AppResources } from '../constructs/app-function';
import { ApiAreaStack, ORIGIN_VERIFY_PARAMETER, routesByArea, workerArea } from './api-area-stack';

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

/** Default and auth-route throttling (requests per second, burst). */
const THROTTLE = {
  default: { rateLimit: 100, burstLimit: 200 },
  auth: { rateLimit: 10, burstLimit: 20 },
} as const;

/**
 * The HTTP API with its stage, access logs, Cognito JWT authorizer and origin-verify secret, and one nested
 * stack per area of the route table (ApiAreaStack: the area's functions, integrations and routes).
 *
 * Why nested stacks, one per area:
 * - CloudFormation allows 500 resources per template and a route costs about six; one stack for every route
 *   had reached 447 with 72 routes. A nested stack is one resource of its parent and has its own 500.
 * - One stack per area, named for the area (`Area-<area>`), derived from the handlers when the app is
 *   synthesized: adding a route to an area changes that area's stack only, and no area ever moves to
 *   another stack (bins of several areas would move areas whenever a bin filled up). An area of 70 routes
 *   still fits (test/infra/stack-limits.test.ts).
 * - Nested rather than separate top-level stacks: the stage's per-route throttling names routes, and API
 *   Gateway refuses a stage whose RouteSettings name a route that does not exist yet, so the stage must be
 *   created after the routes while the routes need the API first; in one parent the stage simply depends on
 *   the nested stacks. The API, authorizer and secret reach the nested stacks as parameters (no exports to
 *   lock them), and `cdk deploy` still deploys five stacks.
 * - The origin-verify value is resolved here once per area and handed down as a NoEcho parameter, not once
 *   per function: CloudFormation takes at most 60 dynamic references per template, and a stack can hold
 *   more functions than that.
 */
export class ApiStack extends Stack {
  readonly httpApi: apigw.HttpApi;
  /** the API's JSON access log (one line per request, with its status): the monitoring stack counts its 403s */
  readonly accessLogs: logs.ILogGroup;
  /** every function (route functions by route id, workers as `worker:<id>`), for the alarms */
  readonly functions = new Map<string, lambda.Function>();
  /** the background workers' functions, by worker id */
  readonly workers = new Map<string, lambda.Function>();
  /** the workers that live in this stack (started from several areas or none), by worker id */
  readonly sharedWorkers = new Map<string, AppFunction>();
  /** the nested stack of each area, by area */
  readonly areas = new Map<string, ApiAreaStack>();
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
    this.accessLogs = accessLogs;
    const stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: THROTTLE.default,
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(accessLogs), format: AccessLogFormat.jsonWithStandardFields() },
    });

    // made in the API's scope (this stack) when the first route binds it, and shared by every area's routes
    const authorizer = new HttpJwtAuthorizer('CognitoJwt', `https://cognito-idp.${this.region}.amazonaws.com/${userPool.userPoolId}`, {
      jwtAudience: [userPoolClient.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });

    const common = { functionsDir: props.functionsDir, resources: props.resources, commonEnvironment: props.commonEnvironment, logRetention: props.logRetention };
    const allWorkers = props.workers ?? workerList;
    const sharedWorkerFunctions = new Map<string, lambda.IFunction>();
    for (const worker of allWorkers.filter((w) => workerArea(w, props.routes) === undefined)) {
      const fn = new AppFunction(this, `Worker-${worker.id}`, { worker, codeDir: join(props.functionsDir, `worker-${worker.id}`), ...common });
      // a failed run records its own failure on the job; Lambda must not run it again
      fn.fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(15) });
      this.sharedWorkers.set(worker.id, fn);
      sharedWorkerFunctions.set(worker.id, fn.fn);
      if (worker.schedule) {
        // a scheduled worker (the daily notification digest): EventBridge invokes it; a missed run is not retried
        // (the next one takes what is still queued)
        new events.Rule(this, `Schedule-${worker.id}`, {
          description: `Assay: starts the ${worker.id} worker`,
          schedule: events.Schedule.expression(worker.schedule),
          targets: [new eventTargets.LambdaFunction(fn.fn, { retryAttempts: 0 })],
        });
      }
    }

    const cfnStage = stage.node.defaultChild as apigw.CfnStage;
    const routeFunctions = new Map<string, lambda.Function>();
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const [area, routes] of routesByArea(props.routes)) {
      const nested = new ApiAreaStack(this, `Area-${area}`, {
        description: `Assay: the ${area} routes of the HTTP API and their functions`,
        area,
        routes,
        workers: allWorkers.filter((w) => workerArea(w, props.routes) === area),
        sharedWorkers: sharedWorkerFunctions,
        httpApi: this.httpApi,
        authorizer,
        originVerify: Boolean(this.originSecret),
        // resolved here, once per area: the nested stack gets the value as a NoEcho parameter
        ...(this.originSecret ? { parameters: { [ORIGIN_VERIFY_PARAMETER]: this.originSecret.secretValue.unsafeUnwrap() } } : {}),
        ...common,
      });
      this.areas.set(area, nested);
      // API Gateway refuses a stage whose RouteSettings name a route that does not exist yet
      cfnStage.addResourceDependency(nested.nestedStackResource!, 'API Gateway refuses RouteSettings that name a route not yet made');
      for (const [workerId, fn] of nested.workerFunctions) this.workers.set(workerId, fn.fn);
      for (const [routeId, fn] of nested.routeFunctions) routeFunctions.set(routeId, fn.fn);
      for (const route of routes.filter((r) => r.throttle === 'auth')) {
        routeSettings[`${route.method} ${route.path}`] = {
          ThrottlingRateLimit: THROTTLE.auth.rateLimit,
          ThrottlingBurstLimit: THROTTLE.auth.burstLimit,
        };
      }
    }
    for (const [workerId, fn] of this.sharedWorkers) this.workers.set(workerId, fn.fn);
    // workers first, then the routes in the route table's order (the alarms group them in tens in this order)
    for (const worker of allWorkers) this.functions.set(`worker:${worker.id}`, this.workers.get(worker.id)!);
    for (const route of props.routes) this.functions.set(route.id, routeFunctions.get(route.id)!);
    cfnStage.addPropertyOverride('RouteSettings', routeSettings);
  }

  /** The API's execute-api host, for CloudFront's `/api/*` origin. */
  get apiDomain(): string {
    return `${this.httpApi.apiId}.execute-api.${this.region}.amazonaws.com`;
  }
}
