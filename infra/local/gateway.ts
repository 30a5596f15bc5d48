/**
 * The local API Gateway: maps HTTP requests through the route table to the Lambda handlers,
 * checks JWTs on protected routes the way the cloud's JWT authorizer does, and (optionally)
 * serves the built SPA like CloudFront does (SPA fallback, security headers, /config.json).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import type { RouteDef } from '@shared/api/route-types';
import { localWorkerFunctionName, type WorkerDef } from '@shared/api/workers';
import { BODY_LIMITS } from '@shared/constants';
import { contentSecurityPolicy, securityHeaders, type RuntimeConfig } from '@shared/resources/web';
import { guardProcess, withinRequest } from './crash-guard';
import { buildContext, buildEvent, matchRoute, stringifyClaims } from './event';
import { handleCommandLog } from './command-log';
import { handleFaultControl, installFaultTable } from './faults';

type LambdaHandler = (event: unknown, context: unknown) => Promise<APIGatewayProxyResultV2>;

export interface GatewayOptions {
  routes: readonly RouteDef[];
  functionsDir: string;
  authorizer: { issuer: string; jwksUri: string; audience: string[] };
  runtimeConfig: RuntimeConfig;
  /** serve this directory as the SPA (CloudFront's role); omit when Vite serves it */
  staticDir?: string;
  /** extra CSP connect-src entries (e.g. the S3 endpoint for presigned uploads) */
  connectSrc?: string[];
  /** API Gateway's integration timeout */
  integrationTimeoutMs?: number;
  /**
   * Background workers the gateway plays Lambda for: it answers the Lambda Invoke API
   * (`POST /2015-03-31/functions/<name>/invocations`, where AWS_ENDPOINT_URL_LAMBDA points the SDK) for their
   * local function names, and runs the handler from `workersDir` in this process.
   */
  workers?: readonly WorkerDef[];
  workersDir?: string;
  /** serve the harness's fault table at /__harness/faults and its command log at /__harness/commands (tests only; see ./faults.ts, ./command-log.ts) */
  faultControl?: boolean;
  /** answer a handler's crash with a 500 and keep serving (./crash-guard.ts); default true */
  guardCrashes?: boolean;
  /**
   * ports besides the gateway's own that a Host header may name (a dev server that forwards the browser's Host);
   * the host itself must always be loopback by name (127.0.0.1, localhost, [::1])
   */
  extraHostPorts?: readonly number[];
  log?: (line: string) => void;
}

/** Loopback JWKS over http; the cloud authorizer fetches over https, which is not available locally. */
const loopbackFetcher = {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const res = await fetch(uri, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
    return res.arrayBuffer();
  },
};

/** As the HTTP API JWT authorizer: signature, iss, exp/nbf, and `aud` or `client_id` in the audience list. */
function createAuthorizer(opts: GatewayOptions['authorizer']) {
  const verifier = JwtVerifier.create(
    {
      issuer: opts.issuer,
      jwksUri: opts.jwksUri,
      audience: null,
      customJwtCheck: ({ payload }) => {
        const aud = Array.isArray(payload.aud) ? payload.aud : payload.aud ? [payload.aud] : [];
        const presented = aud.length ? aud : payload.client_id ? [String(payload.client_id)] : [];
        if (!presented.some((a) => opts.audience.includes(String(a)))) throw new Error('audience not allowed');
      },
    },
    { jwksCache: new SimpleJwksCache({ fetcher: loopbackFetcher }) },
  );
  return async (authorization: string | undefined): Promise<Record<string, string> | null> => {
    if (!authorization) return null;
    const token = authorization.replace(/^Bearer\s+/i, '').trim();
    try {
      return stringifyClaims((await verifier.verify(token)));
    } catch {
      return null;
    }
  };
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string | string[]> = {}): void {
  if (res.headersSent) return; // already answered (a crash of this request's handler was answered with a 500)
  res.writeHead(status, { 'content-length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

const gatewayError = (res: ServerResponse, status: number, message: string) =>
  send(res, status, JSON.stringify({ message }), { 'content-type': 'application/json' });

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether a Host header names this gateway: a loopback name with one of its ports. Anything else is refused, so a
 * web page on another name that resolves to 127.0.0.1 (DNS rebinding) cannot use the API, read demo reset codes or
 * play Lambda's Invoke API from the victim's browser: its requests carry its own name as their Host.
 */
export function hostAllowed(host: string | undefined, ports: readonly number[]): boolean {
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(host ?? '');
  if (!m || !LOOPBACK_NAMES.has(m[1]!.toLowerCase())) return false;
  return ports.includes(Number(m[2] ?? 80));
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolvePromise(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function createGateway(opts: GatewayOptions): Server {
  const authorize = createAuthorizer(opts.authorizer);
  const handlers = new Map<string, Promise<LambdaHandler>>();
  const timeout = opts.integrationTimeoutMs ?? 30_000;
  const staticRoot = opts.staticDir ? resolve(opts.staticDir) : undefined;
  const csp = contentSecurityPolicy({ connectSrc: opts.connectSrc });
  const pageHeaders = {
    'content-security-policy': csp,
    'x-content-type-options': securityHeaders.contentTypeOptions,
    'referrer-policy': securityHeaders.referrerPolicy,
    'x-frame-options': securityHeaders.frameOptions,
  };

  function loadHandler(route: RouteDef): Promise<LambdaHandler> {
    let loaded = handlers.get(route.handler);
    if (!loaded) {
      const file = join(opts.functionsDir, `${route.handler}.ts`);
      loaded = import(pathToFileURL(file).href).then((m: { handler: LambdaHandler }) => m.handler);
      handlers.set(route.handler, loaded);
    }
    return loaded;
  }

  const workerHandlers = new Map<string, Promise<(event: unknown, context: unknown) => Promise<unknown>>>();
  /** Lambda's limit for an asynchronous invocation's payload */
  const ASYNC_PAYLOAD_BYTES = 256 * 1024;
  const lambdaError = (res: ServerResponse, status: number, type: string, message: string) =>
    send(res, status, JSON.stringify({ Type: 'User', message }), { 'content-type': 'application/json', 'x-amzn-errortype': type });

  /** The Lambda Invoke API for the workers, as the SDK calls it (InvocationType Event: 202 at once, then run). */
  async function handleInvoke(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    const functionName = decodeURIComponent(name).replace(/^arn:aws:lambda:[^:]*:[^:]*:function:/, '').split(':')[0]!;
    const worker = opts.workers?.find((w) => localWorkerFunctionName(w.id) === functionName);
    if (!worker || !opts.workersDir) return lambdaError(res, 404, 'ResourceNotFoundException', `Function not found: ${functionName}`);
    // only a signed SDK call (a browser cannot add this header to a cross-site request without asking first)
    if (!/^AWS4-HMAC-SHA256 /.test(String(req.headers.authorization ?? ''))) return lambdaError(res, 403, 'AccessDeniedException', 'Missing signature');
    const body = await readBody(req, ASYNC_PAYLOAD_BYTES);
    if (body === 'too-large') return lambdaError(res, 413, 'RequestTooLargeException', 'Request must be smaller than 262144 bytes for the InvokeFunction operation');
    let event: unknown;
    try {
      event = body.length ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      return lambdaError(res, 400, 'InvalidRequestContentException', 'Could not parse request body into json');
    }
    let loaded = workerHandlers.get(worker.id);
    if (!loaded) {
      loaded = import(pathToFileURL(join(opts.workersDir, `${worker.handler}.ts`)).href).then((m: { handler: (e: unknown, c: unknown) => Promise<unknown> }) => m.handler);
      workerHandlers.set(worker.id, loaded);
    }
    const run = async () => (await loaded)(event, buildContext(functionName, worker.timeoutSeconds * 1000));
    const invocationType = String(req.headers['x-amz-invocation-type'] ?? 'RequestResponse');
    if (invocationType === 'Event') {
      send(res, 202, '', { 'x-amzn-requestid': randomUUID() });
      run().catch((error: Error) => opts.log?.(`worker ${worker.id} failed: ${error.stack ?? error.message}`));
      return;
    }
    try {
      const result = await run();
      send(res, 200, JSON.stringify(result ?? null), { 'content-type': 'application/json', 'x-amz-executed-version': '$LATEST' });
    } catch (error) {
      send(res, 200, JSON.stringify({ errorType: (error as Error).name, errorMessage: (error as Error).message }), { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
    }
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const match = matchRoute(opts.routes, req.method ?? 'GET', path);
    if (!match || 'allowed' in match) return gatewayError(res, 404, 'Not Found');
    const { route, params } = match;

    const body = await readBody(req, BODY_LIMITS.gatewayMaxBytes);
    if (body === 'too-large') return gatewayError(res, 413, 'Request Entity Too Large');

    let claims: Record<string, string> | undefined;
    if (route.auth === 'user') {
      const verified = await authorize(req.headers.authorization);
      if (!verified) return gatewayError(res, 401, 'Unauthorized');
      claims = verified;
    }

    const event = buildEvent(
      { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body, sourceIp: req.socket.remoteAddress },
      route,
      params,
      claims,
    );
    let result: APIGatewayProxyResultV2;
    try {
      const handler = await loadHandler(route);
      const context = buildContext(`assay-${route.id}`, timeout);
      let timer: NodeJS.Timeout | undefined;
      result = await Promise.race([
        handler(event, context),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('integration timeout')), timeout);
        }),
      ]).finally(() => clearTimeout(timer));
    } catch (error) {
      const message = (error as Error).message;
      if (message === 'integration timeout') return gatewayError(res, 503, 'Service Unavailable');
      opts.log?.(`handler ${route.id} threw: ${(error as Error).stack ?? message}`);
      return gatewayError(res, 500, 'Internal Server Error');
    }
    writeLambdaResult(res, result);
  }

  function serveStatic(req: IncomingMessage, res: ServerResponse, path: string): void {
    if (!staticRoot) return send(res, 404, 'Not Found');
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return send(res, 400, 'Bad Request: the path is not valid percent-encoding', { 'content-type': 'text/plain' });
    }
    if (decoded.includes('\0')) return send(res, 400, 'Bad Request: the path holds a NUL character', { 'content-type': 'text/plain' });
    // resolved inside the folder, or not served at all (a sibling such as <root>-evil shares the prefix, not the separator)
    const candidate = resolve(staticRoot, `.${sep}${decoded}`);
    const inside = candidate === staticRoot || candidate.startsWith(`${staticRoot}${sep}`);
    const isFile = inside && existsSync(candidate) && statSync(candidate).isFile();
    // SPA fallback: any route without a file extension gets index.html (not /api, handled above).
    const file = isFile ? candidate : extname(path) ? undefined : join(staticRoot, 'index.html');
    if (!file || !existsSync(file)) return send(res, 404, 'Not Found', { 'content-type': 'text/plain' });
    const immutable = file.includes(`${join(staticRoot, 'assets')}`);
    const type = MIME[extname(file)] ?? 'application/octet-stream';
    const { body, encoding } = compressed(file, type, String(req.headers['accept-encoding'] ?? ''));
    send(res, 200, body, {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(encoding ? { 'content-encoding': encoding } : {}),
      vary: 'accept-encoding',
      ...pageHeaders,
    });
  }

  /**
   * As CloudFront's CachingOptimized policy serves the site: text files of 1,000 bytes or more compressed
   * (brotli when the browser takes it, else gzip), each compressed once per file version.
   */
  const compressedCache = new Map<string, Buffer>();
  function compressed(file: string, type: string, accept: string): { body: Buffer; encoding?: 'br' | 'gzip' } {
    const raw = readFileSync(file);
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
    if (!encoding || raw.length < 1000 || !/^(text\/|application\/(javascript|json)|image\/svg)/.test(type)) return { body: raw };
    const key = `${encoding}:${file}:${statSync(file).mtimeMs}`;
    let body = compressedCache.get(key);
    if (!body) {
      body = encoding === 'br' ? brotliCompressSync(raw) : gzipSync(raw);
      compressedCache.set(key, body);
    }
    return { body, encoding };
  }

  if (opts.faultControl) installFaultTable();
  if (opts.guardCrashes !== false) guardProcess((line) => console.error(`gateway: ${line}`));
  const crashed = (res: ServerResponse) => gatewayError(res, 500, 'Internal Server Error');

  const server = createServer((req, res) => withinRequest(res, `${req.method} ${req.url}`, crashed, () => serveRequest(req, res)));
  function serveRequest(req: IncomingMessage, res: ServerResponse): void {
    const own = (server.address() as { port?: number } | null)?.port;
    if (!hostAllowed(req.headers.host, [...(own ? [own] : []), ...(opts.extraHostPorts ?? [])])) {
      opts.log?.(`refused a request for Host ${JSON.stringify(req.headers.host ?? '')}`);
      return gatewayError(res, 403, 'Forbidden: this local gateway answers only to 127.0.0.1 and localhost on its own port');
    }
    let path: string;
    try {
      path = new URL(req.url ?? '/', 'http://local').pathname;
    } catch {
      return gatewayError(res, 400, 'Bad Request');
    }
    if (opts.faultControl && path === '/__harness/faults') {
      handleFaultControl(req, res).catch((error: Error) => gatewayError(res, 500, error.message));
      return;
    }
    if (opts.faultControl && path === '/__harness/commands') return handleCommandLog(req, res);
    const started = Date.now();
    res.on('finish', () => {
      if (path.startsWith('/api/')) opts.log?.(`${req.method} ${path} ${res.statusCode} ${Date.now() - started}ms`);
    });
    if (path === '/config.json') {
      return send(res, 200, JSON.stringify(opts.runtimeConfig), { 'content-type': 'application/json', 'cache-control': 'no-cache' });
    }
    const invoke = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(path);
    if (invoke && req.method === 'POST') {
      handleInvoke(req, res, invoke[1]!).catch((error: Error) => {
        opts.log?.(`lambda invoke error: ${error.stack ?? error.message}`);
        if (!res.headersSent) lambdaError(res, 500, 'ServiceException', 'Internal error');
      });
      return;
    }
    if (path === '/api' || path.startsWith('/api/')) {
      handleApi(req, res, path).catch((error: Error) => {
        opts.log?.(`gateway error: ${error.stack ?? error.message}`);
        if (!res.headersSent) gatewayError(res, 500, 'Internal Server Error');
      });
      return;
    }
    serveStatic(req, res, path);
  }
  // what the server cannot even parse (a request line or headers over Node's 16 KB, bad framing) is answered as
  // API Gateway answers it, with a JSON message, instead of Node's empty default
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return;
    const [status, reason] = error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large'] : [400, 'Bad Request'];
    const body = JSON.stringify({ message: reason });
    socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
  // keep idle connections longer than clients do (API Gateway and CloudFront keep them ~60 s), so a client
  // never reuses a connection the server is just closing
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/** Lambda proxy result → HTTP response, as API Gateway maps payload format 2.0 results. */
function writeLambdaResult(res: ServerResponse, result: APIGatewayProxyResultV2): void {
  if (typeof result === 'string' || result === null || result === undefined || typeof result !== 'object' || !('statusCode' in result)) {
    const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    return send(res, 200, body, { 'content-type': 'application/json' });
  }
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const raw = result.body ?? '';
  const body = result.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  send(res, result.statusCode ?? 200, body, headers);
}
