/** The environment of a function, for data code run inside a test process against the test stack. */
import { vi } from 'vitest';
import type { StackInfo } from './local-stack';

/**
 * This process's environment pointed at the stack's table, as a function's is: data code imported after this
 * reaches the emulator (the data layer reads its configuration at import). Undone by `vi.unstubAllEnvs()`.
 */
export function stubTableEnv(stack: StackInfo): void {
  vi.stubEnv('TABLE_NAME', stack.tableName);
  vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', stack.urls.dynamodb);
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
}
