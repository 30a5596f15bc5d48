/**
 * The harness's command log: which AWS calls the handlers running in this process make, each with the keys it
 * names, so a test can count what one request (or one export, worker included) reads. The SDK clients report
 * every call through the fault table's middleware (functions/lib/harness-faults.ts, ASSAY_HARNESS_FAULTS=true
 * only, never deployed); nothing is kept until a test starts recording through the gateway's harness-only
 * control endpoint:
 *   POST   /__harness/commands  start recording (what was recorded before is dropped)
 *   GET    /__harness/commands  the calls recorded since, in the order they were made: {service, operation, keys,
 *                                source (the route id or worker that made it), request (its invocation's request id)}
 *   DELETE /__harness/commands  stop recording and drop the log
 * A DynamoDB call's `keys` name the items it touches, `PK SK` each: a GetItem its key, a BatchGetItem or a
 * transaction each of its keys, a write its item's key; a Query its partition and sort-key condition
 * (`REPORT#1 STEP#*` for a `begins_with`, an index's name first: `ByKind:ORGS N#*`). An S3 call names `bucket/key`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RecordedCommand {
  service: string;
  operation: string;
  keys: string[];
  /** the route (its id) or the worker whose invocation made the call, and that invocation's request id */
  source: string | null;
  request: string | null;
}

let recording = false;
const log: RecordedCommand[] = [];

type Attrs = Record<string, unknown>;
const asRecord = (v: unknown): Attrs | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Attrs) : undefined);

/** A key attribute's value, as the document client gives it or marshalled (`{ S: … }`). */
function plain(value: unknown): string {
  const wrapped = asRecord(value);
  if (wrapped && Object.keys(wrapped).length === 1) {
    const inner = wrapped.S ?? wrapped.N ?? wrapped.B;
    if (inner !== undefined) return String(inner);
  }
  return String(value);
}

const keyOf = (item: unknown): string => {
  const key = asRecord(item) ?? {};
  return `${plain(key.PK)} ${plain(key.SK)}`;
};

/** `PK SK-condition` of a Query, from its key condition expression and values. */
function queryKey(input: Attrs): string {
  const expression = String(input.KeyConditionExpression ?? '');
  const values = asRecord(input.ExpressionAttributeValues) ?? {};
  const resolve = (placeholder: string) => (placeholder in values ? plain(values[placeholder]) : placeholder);
  const pk = /=\s*(:[A-Za-z0-9_]+)/.exec(expression);
  let sk = '';
  const begins = /begins_with\(\s*[#A-Za-z0-9_]+\s*,\s*(:[A-Za-z0-9_]+)\s*\)/.exec(expression);
  const between = /BETWEEN\s+(:[A-Za-z0-9_]+)\s+AND\s+(:[A-Za-z0-9_]+)/i.exec(expression);
  const compare = /AND\s+[#A-Za-z0-9_]+\s*(<=|>=|<|>|=)\s*(:[A-Za-z0-9_]+)/.exec(expression);
  if (begins) sk = `${resolve(begins[1]!)}*`;
  else if (between) sk = `${resolve(between[1]!)}..${resolve(between[2]!)}`;
  else if (compare) sk = `${compare[1]}${resolve(compare[2]!)}`;
  const index = typeof input.IndexName === 'string' ? `${input.IndexName}:` : '';
  return `${index}${pk ? resolve(pk[1]!) : '?'}${sk ? ` ${sk}` : ''}`;
}

function dynamoKeys(operation: string, input: Attrs): string[] {
  switch (operation) {
    case 'GetItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [keyOf(input.Key)];
    case 'PutItem':
      return [keyOf(input.Item)];
    case 'Query':
      return [queryKey(input)];
    case 'Scan':
      return [`scan${typeof input.IndexName === 'string' ? `:${input.IndexName}` : ''}`];
    case 'BatchGetItem':
      return Object.values(asRecord(input.RequestItems) ?? {}).flatMap((table) => ((asRecord(table)?.Keys as unknown[] | undefined) ?? []).map(keyOf));
    case 'BatchWriteItem':
      return Object.values(asRecord(input.RequestItems) ?? {}).flatMap((requests) =>
        ((requests as unknown[] | undefined) ?? []).map((r) => {
          const request = asRecord(r) ?? {};
          return keyOf(asRecord(request.PutRequest)?.Item ?? asRecord(request.DeleteRequest)?.Key);
        }),
      );
    case 'TransactGetItems':
    case 'TransactWriteItems':
      return ((input.TransactItems as unknown[] | undefined) ?? []).map((t) => {
        const part = Object.values(asRecord(t) ?? {})[0];
        const action = asRecord(part) ?? {};
        return keyOf(action.Key ?? action.Item);
      });
    default:
      return [];
  }
}

/** Records one call, when a test is recording. */
export function recordCommand(service: string, operation: string, input: unknown, invocation: Record<string, unknown> = {}): void {
  if (!recording) return;
  const fields = asRecord(input) ?? {};
  const keys =
    service === 'dynamodb' ? dynamoKeys(operation, fields)
    : service === 's3' && typeof fields.Bucket === 'string' ? [`${fields.Bucket}/${String(fields.Key ?? fields.Prefix ?? '')}`]
    : [];
  const name = invocation.route ?? invocation.worker;
  log.push({ service, operation, keys, source: typeof name === 'string' ? name : null, request: typeof invocation.requestId === 'string' ? invocation.requestId : null });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

export function handleCommandLog(req: IncomingMessage, res: ServerResponse): void {
  // a body, if any, is not read: drain it so the connection can be reused
  req.resume();
  if (req.method === 'GET') return json(res, 200, { recording, commands: log });
  if (req.method === 'POST' || req.method === 'DELETE') {
    log.length = 0;
    recording = req.method === 'POST';
    return json(res, 200, { recording });
  }
  return json(res, 405, { detail: 'GET, POST or DELETE' });
}
