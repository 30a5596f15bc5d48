/**
 * The harness plays IAM for the evidence bucket (s3rver enforces nothing): an S3 call a handler or worker makes
 * is refused, as S3 refuses it in the cloud (AccessDenied), unless its route's or worker's `access.evidenceBucket`
 * grants the action on the key (shared/resources/bucket-prefixes.ts, the same declaration the CDK construct turns
 * into the function's policy). A presigned GET is checked when it is signed (the SDK runs the same middleware).
 * Each refusal is kept, so a test sees one even where the code swallows the error: every integration file ends
 * by asking the gateway for them (test/helpers/worker-stack.ts). Calls that no route or worker makes (the
 * harness's own set-up, migrations) are not checked.
 */
import { routeList } from '@shared/api/routes';
import { workerList } from '@shared/api/workers';
import { bucketAllows, type BucketAction, type BucketGrant } from '@shared/resources/bucket-prefixes';

export interface BucketDenial {
  source: string;
  operation: string;
  action: BucketAction;
  key: string;
}

const routeGrants = new Map<string, readonly BucketGrant[] | undefined>(routeList.map((r) => [r.id, r.access.evidenceBucket]));
const workerGrants = new Map<string, readonly BucketGrant[] | undefined>(workerList.map((w) => [w.id, w.access.evidenceBucket]));

const denied: BucketDenial[] = [];

/** The refusals so far, oldest first. */
export const bucketDenials = (): readonly BucketDenial[] => denied;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The IAM actions an S3 call needs, on which keys (a listing: on its prefix). */
function needs(operation: string, input: Record<string, unknown>): { action: BucketAction; key: string }[] {
  const key = str(input.Key);
  switch (operation) {
    case 'GetObject':
    case 'HeadObject':
      return [{ action: 'get', key }];
    case 'PutObject':
    case 'CreateMultipartUpload':
    case 'UploadPart':
    case 'CompleteMultipartUpload':
    case 'AbortMultipartUpload':
      return [{ action: 'put', key }];
    case 'CopyObject': {
      // CopySource is `bucket/key`, the key URI-encoded
      const source = str(input.CopySource);
      return [
        { action: 'get', key: decodeURI(source.slice(source.indexOf('/') + 1)) },
        { action: 'put', key },
      ];
    }
    case 'DeleteObject':
      return [{ action: 'delete', key }];
    case 'DeleteObjects': {
      const objects = ((input.Delete as { Objects?: { Key?: string }[] } | undefined)?.Objects ?? []).map((o) => str(o.Key));
      return objects.map((k) => ({ action: 'delete', key: k }));
    }
    case 'ListObjectsV2':
    case 'ListObjects':
      return [{ action: 'list', key: str(input.Prefix) }];
    default:
      return [];
  }
}

/**
 * Whether the S3 call is outside the grant of the route or worker making it; when it is, the refusal is kept.
 * `invocation` is the handler's log context (its `route` id or `worker` id).
 */
export function deniedByGrant(operation: string, input: unknown, invocation: Record<string, unknown>): boolean {
  const route = str(invocation.route);
  const worker = str(invocation.worker);
  const grants = route ? routeGrants.get(route) : worker ? workerGrants.get(worker) : undefined;
  if (!route && !worker) return false;
  const refused = needs(operation, (input ?? {}) as Record<string, unknown>).filter((n) => !bucketAllows(grants, n.action, n.key));
  for (const n of refused) denied.push({ source: route || `worker:${worker}`, operation, ...n });
  return refused.length > 0;
}
