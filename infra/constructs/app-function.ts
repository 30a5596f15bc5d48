import { Duration, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import type { FunctionSize, RouteAccess, RouteDef } from '@shared/api/route-types';
import { workerFunctionEnv, type WorkerDef } from '@shared/api/workers';
import { bucketPatterns } from '@shared/resources/bucket-prefixes';
import { AUTH_CLIENT_COUNTER, leadingKeyPatterns, limitKeyPattern, LISTING_CHECK_KEYS, SESSION_CHECK_KEYS } from '@shared/resources/table-keys';

/**
 * Memory and timeout per function class:
 * - small (auth, CRUD): I/O bound; 256 MB is plenty and the cheapest per call; 10 s covers Cognito + DynamoDB.
 * - large (extraction, analysis, exports): CPU and memory bound; 1,024 MB buys proportionally more CPU
 *   and fits a 100 MB upload; 29 s stays inside API Gateway's 30 s integration timeout.
 */
const SIZES: Record<FunctionSize, { memorySize: number; timeout: Duration }> = {
  small: { memorySize: 256, timeout: Duration.seconds(10) },
  large: { memorySize: 1024, timeout: Duration.seconds(29) },
};

/** Item and Query reads (TransactGetItems is authorised per item as GetItem); never Scan. */
const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
/** The session check of every signed-in request: one BatchGetItem of two items (the revocation mark, the profile's status). */
const SESSION_CHECK_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem'];
/** Item writes (TransactWriteItems is authorised per item as PutItem, UpdateItem, DeleteItem, ConditionCheckItem). */
const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

const BUCKET_ACTIONS = { get: 's3:GetObject', put: 's3:PutObject', delete: 's3:DeleteObject', list: 's3:ListBucket' } as const;

export interface AppResources {
  table: ITableV2;
  evidenceBucket: s3.IBucket;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** ARNs of the SES identities the mail is sent from (the address and its domain) */
  emailIdentityArns: string[];
  mailFrom: string;
  /** the app's origin (https://host) for the links in the emails a function sends; without it they are paths */
  appUrl?: string;
  bedrockModelArns: string[];
  bedrockModelId: string;
  bedrockRegion: string;
  /** Cognito's hosted UI (sign-in through the firm's identity provider) and the SPA's callback URL */
  hostedUi?: { baseUrl: string; redirectUri: string };
}

export interface AppFunctionProps {
  /** the route-table entry this function answers, or */
  route?: RouteDef;
  /** the background worker it is (shared/api/workers.ts) */
  worker?: WorkerDef;
  /** the workers' functions, for routes that start one (access.invoke) */
  workers?: ReadonlyMap<string, lambda.IFunction>;
  /** directory with the bundled index.mjs of this route (scripts/build-functions.ts) */
  codeDir: string;
  resources: AppResources;
  /** settings every function gets (provider name, flags, log level) */
  commonEnvironment: Record<string, string>;
  logRetention: logs.RetentionDays;
}

/**
 * One Lambda per route-table entry with the house defaults (arm64, nodejs22.x, JSON logs with a retention,
 * active tracing). Its grants come from the route's declared `access`, and each grant sets the environment
 * variable that goes with it, so a function can reach exactly what it declares and nothing else.
 */
export class AppFunction extends Construct {
  readonly fn: lambda.Function;
  /** its execution role (its grants are this role's default policy) */
  readonly role: iam.Role;
  /** whether it may invoke the Bedrock model (its grant may name the model behind an inference profile in every region) */
  readonly invokesBedrock: boolean;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { route, worker, resources: r } = props;
    if (Boolean(route) === Boolean(worker)) throw new Error('AppFunction: give exactly one of route and worker');
    const size = route ? SIZES[route.size ?? 'small'] : { memorySize: worker!.memoryMb, timeout: Duration.seconds(worker!.timeoutSeconds) };
    const description = route ? `${route.method} ${route.path}: ${route.summary}` : `Worker ${worker!.id}: ${worker!.summary}`;

    const logGroup = new logs.LogGroup(this, 'Logs', { retention: props.logRetention });
    // Our own role instead of AWSLambdaBasicExecutionRole: it may write to its own log group only.
    this.role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(this.role);
    this.fn = new lambda.Function(this, 'Fn', {
      role: this.role,
      description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      handler: 'index.handler',
      code: lambda.Code.fromAsset(props.codeDir),
      memorySize: size.memorySize,
      timeout: size.timeout,
      ...(worker?.reservedConcurrency ? { reservedConcurrentExecutions: worker.reservedConcurrency } : {}),
      tracing: lambda.Tracing.ACTIVE,
      // our logger writes JSON lines itself (functions/lib/logger.ts); TEXT keeps the runtime from wrapping them
      loggingFormat: lambda.LoggingFormat.TEXT,
      logGroup,
      environment: {
        ...props.commonEnvironment,
        ...(worker?.nodeOptions ? { NODE_OPTIONS: worker.nodeOptions } : {}),
      },
    });

    const access: RouteAccess = route ? route.access : worker!.access;
    if (access.table) {
      // Not grantReadData/grantReadWriteData: those include Scan (which has no leading key, so a LeadingKeys
      // condition would not limit it) and stream reads. Each function reaches only its declared partitions.
      this.fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: access.table === 'read' ? TABLE_READ_ACTIONS : [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS],
          resources: [r.table.tableArn, `${r.table.tableArn}/index/*`],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': leadingKeyPatterns(access.tableKeys) } },
        }),
      );
      this.fn.addEnvironment('TABLE_NAME', r.table.tableName);
    }
    if (access.tableDeleteKeys?.length) {
      this.fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['dynamodb:DeleteItem'],
          resources: [r.table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': leadingKeyPatterns(access.tableDeleteKeys) } },
        }),
      );
      this.fn.addEnvironment('TABLE_NAME', r.table.tableName);
    }
    if (route?.auth === 'user') {
      // The session check every signed-in request makes (functions/domain/auth/session-check.ts): read-only, on
      // the table's items (not its indexes), whatever else the route may touch. Writing a profile or a session
      // mark stays with the routes that own them (shared/resources/table-keys.ts).
      this.fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: SESSION_CHECK_ACTIONS,
          resources: [r.table.tableArn],
          // a list's check reads its listing scope in the same BatchGetItem: one statement must allow all its keys
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': leadingKeyPatterns(route.listing ? LISTING_CHECK_KEYS : SESSION_CHECK_KEYS) } },
        }),
      );
      this.fn.addEnvironment('TABLE_NAME', r.table.tableName);
    }
    const counters = [
      ...(route?.throttle === 'auth' && route.clientLimit !== false ? [AUTH_CLIENT_COUNTER] : []),
      ...(route?.userLimit ? [route.userLimit.counter] : []),
    ];
    if (counters.length) {
      // the limits the route declares (per client address, per user): one atomic ADD per request on its own
      // counters, UpdateItem only and nothing else of the table
      this.fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['dynamodb:UpdateItem'],
          resources: [r.table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': counters.map(limitKeyPattern) } },
        }),
      );
      this.fn.addEnvironment('TABLE_NAME', r.table.tableName);
    }
    for (const grant of access.evidenceBucket ?? []) {
      // the object actions on the grant's key patterns only (never `bucket/*`), and a listing only of keys under them
      const patterns = bucketPatterns(grant.prefixes);
      const objectActions = grant.actions.filter((a) => a !== 'list').map((a) => BUCKET_ACTIONS[a]);
      if (objectActions.length) {
        this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: objectActions, resources: patterns.map((p) => r.evidenceBucket.arnForObjects(p)) }));
      }
      if (grant.actions.includes('list')) {
        this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [r.evidenceBucket.bucketArn], conditions: { StringLike: { 's3:prefix': patterns } } }));
      }
    }
    if (access.evidenceBucket?.length) this.fn.addEnvironment('EVIDENCE_BUCKET', r.evidenceBucket.bucketName);
    if (access.userPool?.length) {
      this.fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: access.userPool.map((a) => `cognito-idp:${a}`),
          resources: [r.userPool.userPoolArn],
        }),
      );
      this.fn.addEnvironment('USER_POOL_ID', r.userPool.userPoolId);
    }
    if (access.userPoolClient) {
      // InitiateAuth and RevokeToken are public client APIs: no IAM permission, only the client id.
      this.fn.addEnvironment('USER_POOL_CLIENT_ID', r.userPoolClient.userPoolClientId);
      this.fn.addEnvironment('COGNITO_ISSUER', `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${r.userPool.userPoolId}`);
    }
    if (access.federation && r.hostedUi) {
      // the token endpoint of the hosted UI is a public client API (no IAM), like InitiateAuth
      this.fn.addEnvironment('COGNITO_DOMAIN', r.hostedUi.baseUrl);
      this.fn.addEnvironment('FEDERATED_REDIRECT_URI', r.hostedUi.redirectUri);
    }
    if (access.email) {
      this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail'], resources: r.emailIdentityArns }));
      this.fn.addEnvironment('MAIL_FROM', r.mailFrom);
      if (r.appUrl) this.fn.addEnvironment('APP_URL', r.appUrl);
    }
    for (const id of access.invoke ?? []) {
      // only InvokeFunction, only on that worker's function (not its versions or aliases)
      const target = props.workers?.get(id);
      if (!target) throw new Error(`route ${route?.id} starts worker ${id}, which is not declared in shared/api/workers.ts`);
      this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [target.functionArn] }));
      this.fn.addEnvironment(workerFunctionEnv(id), target.functionName);
    }
    this.invokesBedrock = Boolean(access.bedrock);
    if (access.bedrock) {
      this.fn.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['bedrock:InvokeModel'] /* Converse is authorised by InvokeModel */, resources: r.bedrockModelArns }),
      );
      this.fn.addEnvironment('BEDROCK_MODEL_ID', r.bedrockModelId);
      this.fn.addEnvironment('BEDROCK_REGION', r.bedrockRegion);
    }
  }
}
