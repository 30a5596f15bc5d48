/**
 * Setup file of the integration project: gives each worker its own local stack. The global setup starts one
 * stack per worker slot (test/helpers/global-setup.ts); here, before a test file loads, `inject('stack')` is
 * pointed at this worker's one (VITEST_POOL_ID is 1…maxWorkers and no two files run at once under the same id),
 * so every file keeps reading `inject('stack')` and files running side by side never share data. A stack a
 * test spawns itself (spawnLocalStack) attaches to the same emulators through ASSAY_EMULATORS.
 *
 * Every file ends by asking its stack whether the harness refused an S3 call outside its function's grant of the
 * evidence bucket (infra/local/bucket-grants.ts), as IAM would in the cloud: none may be, even where the code
 * swallowed the error.
 */
import { afterAll, beforeAll, expect, inject } from 'vitest';

const stacks = inject('stacks');
const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
const own = stacks[(poolId - 1) % stacks.length];
if (!own) throw new Error(`no local stack for worker ${poolId}: the integration global setup provides ${stacks.length}`);

// inject() reads the worker state's provided context; there is no public per-worker provide, so set it here.
const state = (globalThis as { __vitest_worker__?: { providedContext?: Record<string, unknown> } }).__vitest_worker__;
if (!state?.providedContext) throw new Error('vitest worker state not found: cannot give this worker its own stack');
state.providedContext.stack = own;
if (inject('stack') !== own) throw new Error('inject("stack") does not return the worker stack');

process.env.ASSAY_EMULATORS = JSON.stringify(inject('emulators'));

/** The S3 calls the stack's harness has refused so far (outside the calling function's declared grant). */
async function bucketDenials(): Promise<unknown[]> {
  const res = await fetch(`${own!.urls.gateway}/__harness/faults`);
  return ((await res.json()) as { bucket_denials: unknown[] }).bucket_denials;
}
let deniedBefore = 0;
beforeAll(async () => {
  deniedBefore = (await bucketDenials()).length;
});
afterAll(async () => {
  expect((await bucketDenials()).slice(deniedBefore), 'S3 calls outside their function’s grant of the evidence bucket').toEqual([]);
});
