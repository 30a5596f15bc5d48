import { CfnParameter, Duration, NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { join } from 'node:path';
import type { RouteDef } from '@shared/api/route-types';
import type { WorkerDef } from '@shared/api/workers';
import { AppFunction, type AppResources } from '../constructs/app-function';

/**
 * The area of a route: the first segment of its handler (`sections/save-section` → `sections`), the name the
 * area has in `shared/api/routes/<area>.ts`, `functions/http/<area>/` and the SPA's features. Read from the
 * route table when the app is synthesized, never listed by hand: a new area gets its stack by being there.
 */
export const routeArea = (route: Pick<RouteDef, 'handler'>): string => route.handler.split('/')[0]!;

/** The routes of each area, areas in name order (the order the nested stacks are made in; names do not depend on it). */
export function routesByArea(routes: readonly RouteDef[]): Map<string, RouteDef[]> {
  const areas = new Map<string, RouteDef[]>();
  for (const route of routes) areas.set(routeArea(route), [...(areas.get(routeArea(route)) ?? []), route]);
  return new Map([...areas.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Where a background worker lives: in the area of the routes that start it when they are all in one area (its
 * function, and their grants on it, in one template), else (started from several areas, or from none) in the
 * Api stack, whose nested stacks get its ARN and name as parameters.
 */
export function workerArea(worker: Pick<WorkerDef, 'id'>, routes: readonly RouteDef[]): string | undefined {
  const areas = new Set(routes.filter((r) => r.access.invoke?.includes(worker.id)).map(routeArea));
  return areas.size === 1 ? [...areas][0] : undefined;
}

/**
 * A route's Lambda integration that API Gateway invokes with a role (lambda:InvokeFunction on exactly the
 * area's route functions) instead of a resource-based permission on each function: one role and a policy per
 * 25 functions in place of a permission per route, a sixth fewer resources.
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

/**
 * Function ARNs per managed policy of the invoke role: a role's inline policies share 10,240 characters and a
 * managed policy holds 6,144; 25 ARNs of ~100 characters fit one with room.
 */
export const INVOKE_ARNS_PER_POLICY = 25;

/** The name of the nested stack's parameter that carries the origin-verify value (resolved by the Api stack). */
export const ORIGIN_VERIFY_PARAMETER = 'OriginVerifySecret';

export interface ApiAreaStackProps extends NestedStackProps {
  area: string;
  routes: readonly RouteDef[];
  /** workers that live in this area (workerArea) */
  workers: readonly WorkerDef[];
  /** the functions of workers that live in the Api stack, for routes here that start one */
  sharedWorkers: ReadonlyMap<string, lambda.IFunction>;
  httpApi: apigw.IHttpApi;
  authorizer: apigw.IHttpRouteAuthorizer;
  /** the origin-verify check is on: the value comes in as the `OriginVerifySecret` parameter */
  originVerify: boolean;
  functionsDir: string;
  resources: AppResources;
  commonEnvironment: Record<string, string>;
  logRetention: logs.RetentionDays;
}

/**
 * The functions, integrations and routes of one area, nested in the Api stack (which holds the HTTP API, its
 * stage and the authorizer). About six resources per route (function, role, policy, log group, integration,
 * route): an area of 70 routes still fits well under CloudFormation's 500 (test/infra/stack-limits.test.ts).
 */
export class ApiAreaStack extends NestedStack {
  readonly area: string;
  /** the area's route-table entries */
  readonly routes: readonly RouteDef[];
  /** route functions by route id */
  readonly routeFunctions = new Map<string, AppFunction>();
  /** API Gateway routes by route id */
  readonly httpRoutes = new Map<string, apigw.HttpRoute>();
  /** the workers that live here, by worker id */
  readonly workerFunctions = new Map<string, AppFunction>();

  constructor(scope: Construct, id: string, props: ApiAreaStackProps) {
    super(scope, id, props);
    this.area = props.area;
    this.routes = props.routes;
    const common = { resources: props.resources, commonEnvironment: props.commonEnvironment, logRetention: props.logRetention };

    // workers first: the routes that start one are granted invoke on its function
    const workers = new Map(props.sharedWorkers);
    for (const worker of props.workers) {
      const fn = new AppFunction(this, `Worker-${worker.id}`, { worker, codeDir: join(props.functionsDir, `worker-${worker.id}`), ...common });
      // a failed run records its own failure on the job; Lambda must not run it again
      fn.fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(15) });
      this.workerFunctions.set(worker.id, fn);
      workers.set(worker.id, fn.fn);
    }

    // One value for every function here, resolved once by the Api stack: a dynamic reference per function
    // would count against CloudFormation's 60 per template (an area of 61 routes could not deploy).
    const originVerify = props.originVerify
      ? new CfnParameter(this, ORIGIN_VERIFY_PARAMETER, {
          type: 'String',
          noEcho: true,
          description: 'The header value CloudFront adds to API requests (the Api stack resolves it from Secrets Manager)',
        }).valueAsString
      : undefined;

    const invokeRole = new iam.Role(this, 'ApiInvokeRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': this.account } } }),
      description: `API Gateway invokes the ${props.area} route functions with this role (and only them)`,
    });
    const functionArns: string[] = [];
    for (const route of props.routes) {
      const fn = new AppFunction(this, `Fn-${route.id}`, { route, workers, codeDir: join(props.functionsDir, route.id), ...common });
      this.routeFunctions.set(route.id, fn);
      functionArns.push(fn.fn.functionArn);
      if (originVerify) fn.fn.addEnvironment('ORIGIN_VERIFY_SECRET', originVerify);
      this.httpRoutes.set(
        route.id,
        new apigw.HttpRoute(this, `Route-${route.id}`, {
          httpApi: props.httpApi,
          routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
          integration: new RoleInvokedLambdaIntegration(`Integration-${route.id}`, fn.fn, invokeRole),
          ...(route.auth === 'user' ? { authorizer: props.authorizer } : {}),
        }),
      );
    }
    for (let i = 0; i * INVOKE_ARNS_PER_POLICY < functionArns.length; i++) {
      new iam.ManagedPolicy(this, `ApiInvokePolicy${i}`, {
        roles: [invokeRole],
        statements: [new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: functionArns.slice(i * INVOKE_ARNS_PER_POLICY, (i + 1) * INVOKE_ARNS_PER_POLICY) })],
      });
    }
  }
}
