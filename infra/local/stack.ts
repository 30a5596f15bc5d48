/**
 * The whole product, locally: four emulators, the resources in them, and the gateway in front of
 * the handlers. Used by `npm start` (data kept under .local/) and by the tests (ephemeral, free ports).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { routeList } from '@shared/api/routes';
import { localWorkerFunctionName, workerFunctionEnv, workerList } from '@shared/api/workers';
import { DEFAULT_PROVIDER_NAME } from '@shared/constants';
import { bucketDefinitions, evidenceBucketCors } from '@shared/resources/buckets';
import { tableDefinition } from '@shared/resources/table';
import { userPoolDefinition } from '@shared/resources/user-pool';
import { localCredentials, localRegion } from './aws-env';
import { startCognito, startDynamoDb, startS3, startSes, type Emulator } from './emulators';
import { createGateway } from './gateway';
import { freePort, preferredPort } from './ports';
import { ensureBucket, ensureTable, ensureUserPool } from './resources';

/** Locally (npm start, the tests) whoever registers with this address is an administrator, unless ADMIN_EMAILS says otherwise. */
export const LOCAL_ADMIN_EMAIL = 'admin@assay.local';

export interface LocalStackOptions {
  /** keep data here between runs; omit for an ephemeral stack in a temp dir */
  dataDir?: string;
  /** try stable well-known ports first (npm start) */
  stablePorts?: boolean;
  gatewayPort?: number;
  /** serve the built SPA from the gateway */
  staticDir?: string;
  /** extra handler environment, e.g. ALLOWED_EMAIL_DOMAINS or DEMO_MODE */
  env?: Record<string, string>;
  /**
   * Use these already running emulators (startLocalEmulators) instead of starting its own, with a table,
   * bucket and user pool of its own named by `namespace`: one isolated stack per test worker, the emulator
   * processes shared.
   */
  emulators?: EmulatorUrls;
  /** suffix for the table, bucket and user pool names in shared emulators (default: random) */
  namespace?: string;
  log?: (line: string) => void;
}

export interface EmulatorUrls {
  dynamodb: string;
  s3: string;
  cognito: string;
  ses: string;
}

export interface LocalEmulators {
  urls: EmulatorUrls;
  stop(): Promise<void>;
}

export interface LocalStack {
  urls: { gateway: string; dynamodb: string; s3: string; cognito: string; ses: string; mailbox: string };
  userPoolId: string;
  clientId: string;
  tableName: string;
  bucketName: string;
  stop(): Promise<void>;
}

// Lambda runs Node 22; the SDK's notice about Node 20 is noise for the local harness.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const ROOT = resolve(import.meta.dirname, '../..');
const STABLE = { dynamodb: 8701, s3: 8702, cognito: 8703, ses: 8704, gateway: 8710 };

/**
 * The four emulators, with the default bucket configured. `npm start` and a stand-alone stack start their own;
 * the tests start them once and attach one stack per worker (startLocalStack's `emulators`).
 */
export async function startLocalEmulators(opts: Pick<LocalStackOptions, 'dataDir' | 'stablePorts' | 'log'> = {}): Promise<LocalEmulators> {
  const ephemeral = !opts.dataDir;
  const dataDir = opts.dataDir ? resolve(opts.dataDir) : mkdtempSync(join(tmpdir(), 'assay-local-'));
  const port = (name: keyof typeof STABLE) => (opts.stablePorts ? preferredPort(STABLE[name]) : freePort());
  const started: Emulator[] = [];
  const stop = async () => {
    for (const e of started.reverse()) await e.stop().catch(() => undefined);
    if (ephemeral) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const [ddbPort, s3Port, cognitoPort, sesPort] = await Promise.all([port('dynamodb'), port('s3'), port('cognito'), port('ses')]);
    const settled = await Promise.allSettled([
      startDynamoDb(ddbPort, ephemeral ? undefined : join(dataDir, 'dynamodb')),
      startCognito(cognitoPort, join(dataDir, 'cognito')),
      startS3(s3Port, join(dataDir, 's3'), [{ name: bucketDefinitions.evidence.localName, corsMethods: evidenceBucketCors.allowedMethods }]),
      startSes(sesPort),
    ]);
    for (const s of settled) if (s.status === 'fulfilled') started.push(s.value);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw (failed).reason;
    const [ddb, cognito, s3, ses] = started as [Emulator, Emulator, Emulator, Emulator];
    opts.log?.(`emulators up: DynamoDB ${ddb.url}, S3 ${s3.url}, Cognito ${cognito.url}, SES ${ses.url}`);
    return { urls: { dynamodb: ddb.url, s3: s3.url, cognito: cognito.url, ses: ses.url }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function startLocalStack(opts: LocalStackOptions = {}): Promise<LocalStack> {
  const port = (name: keyof typeof STABLE) => (opts.stablePorts ? preferredPort(STABLE[name]) : freePort());
  const log = opts.log ?? (() => undefined);

  const started: { stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const e of started.reverse()) await e.stop().catch(() => undefined);
  };

  try {
    let urls: EmulatorUrls;
    let tableName: string = tableDefinition.logicalName;
    let bucketName: string = bucketDefinitions.evidence.localName;
    let poolName: string = userPoolDefinition.logicalName;
    if (opts.emulators) {
      urls = opts.emulators;
      const namespace = opts.namespace ?? randomUUID().slice(0, 8);
      tableName = `${tableName}-${namespace}`;
      bucketName = `${bucketName}-${namespace}`;
      poolName = `${poolName}-${namespace}`;
      await ensureBucket(urls.s3, bucketName, evidenceBucketCors.allowedMethods);
      log(`attached to the emulators: DynamoDB ${urls.dynamodb}, S3 ${urls.s3}, Cognito ${urls.cognito}, SES ${urls.ses} (namespace ${namespace})`);
    } else {
      const emulators = await startLocalEmulators({ dataDir: opts.dataDir, stablePorts: opts.stablePorts, log });
      started.push(emulators);
      urls = emulators.urls;
    }
    await ensureTable(urls.dynamodb, tableName);
    const pool = await ensureUserPool(urls.cognito, poolName);
    const issuer = `${urls.cognito}/${pool.userPoolId}`;
    const providerName = process.env.PROVIDER_NAME ?? DEFAULT_PROVIDER_NAME;

    // The handlers run in this process; this is their whole configuration, as a Lambda's environment.
    Object.assign(process.env, {
      AWS_REGION: localRegion,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: urls.dynamodb,
      AWS_ENDPOINT_URL_S3: urls.s3,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: urls.cognito,
      AWS_ENDPOINT_URL_SES: urls.ses,
      TABLE_NAME: tableName,
      EVIDENCE_BUCKET: bucketName,
      S3_FORCE_PATH_STYLE: 'true',
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.clientId,
      COGNITO_ISSUER: issuer,
      COGNITO_JWKS_URI: `${issuer}/.well-known/jwks.json`,
      // the background workers' names, as the cloud sets them on the routes that start one
      ...Object.fromEntries(workerList.map((w) => [workerFunctionEnv(w.id), localWorkerFunctionName(w.id)])),
      MAIL_FROM: 'no-reply@assay.local',
      PROVIDER_NAME: providerName,
      DEMO_MODE: 'true',
      // the account registered with this email is an administrator (README: "The administrator")
      ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? LOCAL_ADMIN_EMAIL,
      // Secure with its __Secure- name, as in the cloud: browsers keep Secure cookies from loopback (127.0.0.1, localhost)
      COOKIE_SECURE: process.env.COOKIE_SECURE ?? 'true',
      VALIDATE_RESPONSES: 'true',
      METER_DYNAMODB: 'true',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...opts.env,
    });

    const gateway = createGateway({
      routes: routeList,
      functionsDir: join(ROOT, 'functions', 'http'),
      workers: workerList,
      workersDir: join(ROOT, 'functions', 'workers'),
      authorizer: { issuer, jwksUri: `${issuer}/.well-known/jwks.json`, audience: [pool.clientId] },
      runtimeConfig: { providerName, ...(process.env.PROVIDER_LOGO_URL ? { logoUrl: process.env.PROVIDER_LOGO_URL } : {}) },
      staticDir: opts.staticDir,
      connectSrc: [urls.s3],
      // the tests' fault table (ASSAY_HARNESS_FAULTS=true in the handlers' environment): never in npm start
      faultControl: process.env.ASSAY_HARNESS_FAULTS === 'true',
      log,
    });
    const gatewayPort = opts.gatewayPort ?? (await port('gateway'));
    await new Promise<void>((ok, fail) => {
      gateway.once('error', fail);
      gateway.listen(gatewayPort, '127.0.0.1', () => ok());
    });
    const gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    // the gateway also plays Lambda for the background workers (the SDK's Invoke goes there)
    process.env.AWS_ENDPOINT_URL_LAMBDA = gatewayUrl;
    started.push({
      stop: () => new Promise((ok) => { gateway.closeAllConnections(); gateway.close(() => ok()); }),
    });

    return {
      urls: { gateway: gatewayUrl, ...urls, mailbox: urls.ses },
      userPoolId: pool.userPoolId,
      clientId: pool.clientId,
      tableName,
      bucketName,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
