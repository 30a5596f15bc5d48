/**
 * The harness's fault table: which AWS calls of the handlers running in this process should fail, and how.
 * Tests fill it through the gateway's control endpoint (`/__harness/faults`: not in the route table, served
 * only when the stack is started with ASSAY_HARNESS_FAULTS=true, never deployed); the SDK clients consult it
 * through their middleware stack (functions/lib/harness-faults.ts).
 *   POST   /__harness/faults  {service, operation?, source?, kind, count?, skip?, delayMs?}  arm a fault
 *   GET    /__harness/faults  what is armed, what was injected, how many calls each service got
 *   DELETE /__harness/faults  disarm everything (the figures are kept)
 * The same table feeds the command log (./command-log.ts, `/__harness/commands`): what the handlers call, key by key;
 * and refuses an S3 call outside its function's grant of the evidence bucket, as IAM does in the cloud
 * (./bucket-grants.ts; GET lists the refusals as `bucket_denials`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod/mini';
import { bucketDenials, deniedByGrant } from './bucket-grants';
import { recordCommand } from './command-log';
import { crashesCaught } from './crash-guard';

const FaultSpec = z.object({
  service: z.enum(['dynamodb', 's3', 'ses', 'cognito']),
  /** the SDK operation, e.g. PutItem, TransactWriteItems, PutObject, SendEmail; any when omitted */
  operation: z.optional(z.string().check(z.maxLength(64))),
  /** only the calls of this route (its id) or background worker (its id); any when omitted */
  source: z.optional(z.string().check(z.maxLength(64))),
  /** `conflict`: a DynamoDB write that met a transaction (TransactionCanceledException, TransactionConflict); `delay`: the call succeeds, delayMs late (a request that lands after a later one) */
  kind: z.enum(['error', 'throttle', 'timeout', 'crash', 'reject', 'conflict', 'delay']),
  /** how many matching calls fail (default 1) */
  count: z._default(z.int().check(z.minimum(1), z.maximum(1000)), 1),
  /** matching calls let through before the first failure (default 0) */
  skip: z._default(z.int().check(z.minimum(0), z.maximum(1000)), 0),
  delayMs: z.optional(z.int().check(z.minimum(0), z.maximum(10_000))),
});
type FaultSpec = z.infer<typeof FaultSpec>;

interface Armed extends FaultSpec {
  left: number;
  skipped: number;
}

const armed: Armed[] = [];
const injected: Array<{ service: string; operation: string; kind: string; at: string }> = [];
const calls: Record<string, number> = {};

const table = {
  take(service: string, operation: string, input?: unknown, invocation?: Record<string, unknown>): { kind: FaultSpec['kind'] | 'denied'; delayMs?: number } | undefined {
    calls[service] = (calls[service] ?? 0) + 1;
    recordCommand(service, operation, input, invocation);
    if (service === 's3' && deniedByGrant(operation, input, invocation ?? {})) return { kind: 'denied' };
    const source = invocation?.route ?? invocation?.worker;
    const fault = armed.find((f) => f.left > 0 && f.service === service && (!f.operation || f.operation === operation) && (!f.source || f.source === source));
    if (!fault) return undefined;
    if (fault.skipped < fault.skip) {
      fault.skipped++;
      return undefined;
    }
    fault.left--;
    injected.push({ service, operation, kind: fault.kind, at: new Date().toISOString() });
    return { kind: fault.kind, delayMs: fault.delayMs };
  },
};

/** Makes the table visible to the SDK middleware of the handlers in this process. */
export function installFaultTable(): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('assay.harness.faults')] = table;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown;
}

export async function handleFaultControl(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'GET') {
    return json(res, 200, { armed: armed.filter((f) => f.left > 0), injected, calls, crashes: crashesCaught(), bucket_denials: bucketDenials() });
  }
  if (req.method === 'DELETE') {
    armed.length = 0;
    return json(res, 200, { injected: injected.length });
  }
  if (req.method !== 'POST') return json(res, 405, { detail: 'GET, POST or DELETE' });
  let body: unknown;
  try {
    body = await readJson(req);
  } catch {
    return json(res, 400, { detail: 'The body is not JSON' });
  }
  const specs = z.safeParse(z.array(FaultSpec), Array.isArray(body) ? body : [body]);
  if (!specs.success) return json(res, 400, { detail: z.prettifyError(specs.error) });
  for (const spec of specs.data) armed.push({ ...spec, left: spec.count, skipped: 0 });
  return json(res, 200, { armed: armed.filter((f) => f.left > 0).length });
}
