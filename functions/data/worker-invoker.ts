/**
 * Starts a background worker (shared/api/workers.ts) with an asynchronous Lambda invocation
 * (`InvocationType: 'Event'`): Lambda queues the event and answers 202 at once. The function name comes from
 * the environment variable set together with the invoke grant; locally AWS_ENDPOINT_URL_LAMBDA points the SDK
 * at the harness, which plays Lambda for the workers.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { workerFunctionEnv, type WorkerId } from '@shared/api/workers';

let client: LambdaClient | undefined;
const lambda = () => (client ??= new LambdaClient({}));

class WorkerNotConfiguredError extends Error {
  constructor(id: string) {
    super(`${workerFunctionEnv(id)} is not set: this function may not start the ${id} worker`);
    this.name = 'WorkerNotConfiguredError';
  }
}

/** Queues one event for the worker; resolves once Lambda has accepted it (202). */
export async function startWorker(id: WorkerId, payload: unknown): Promise<void> {
  const functionName = process.env[workerFunctionEnv(id)];
  if (!functionName) throw new WorkerNotConfiguredError(id);
  const out = await lambda().send(
    new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(payload)) }),
  );
  if (out.StatusCode !== 202) throw new Error(`the ${id} worker was not queued (status ${out.StatusCode})`);
}
