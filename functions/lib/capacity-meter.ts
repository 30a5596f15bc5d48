import { AsyncLocalStorage } from 'node:async_hooks';
import { booleanFlag, readConfig } from './config';

/**
 * Consumed DynamoDB capacity per request, for the local harness and the benchmarks
 * (METER_DYNAMODB=true). The DynamoDB client asks for ReturnConsumedCapacity and adds what each call
 * consumed to the meter of the request it runs in; the API layer reports it in response headers.
 */
export const meterEnabled = readConfig({ METER_DYNAMODB: booleanFlag(false) }).METER_DYNAMODB;

export interface CapacityMeter {
  read: number;
  write: number;
}

const storage = new AsyncLocalStorage<CapacityMeter>();

export const currentMeter = (): CapacityMeter | undefined => storage.getStore();

export async function measureCapacity<T>(fn: () => Promise<T>): Promise<{ result: T; capacity?: CapacityMeter }> {
  if (!meterEnabled) return { result: await fn() };
  const capacity: CapacityMeter = { read: 0, write: 0 };
  return storage.run(capacity, async () => ({ result: await fn(), capacity }));
}
