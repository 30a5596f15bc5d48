/**
 * The DynamoDB document client. Only the table helpers (functions/data/table*.ts) send requests with it: the
 * repositories say what is stored under which key and call the helpers (a lint rule, scripts/eslint/boundaries.js,
 * refuses this module and the DynamoDB SDK packages anywhere else in functions/).
 */
import { DynamoDBClient, DynamoDBServiceException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { currentMeter, meterEnabled } from '../lib/capacity-meter';
import { withHarnessFaults } from '../lib/harness-faults';

type Consumed = { ReadCapacityUnits?: number; WriteCapacityUnits?: number; CapacityUnits?: number };

let client: DynamoDBDocumentClient | undefined;

/** The document client, created on first use and reused across invocations. */
export function documentClient(): DynamoDBDocumentClient {
  if (client) return client;
  const base = withHarnessFaults(new DynamoDBClient({}), 'dynamodb', DynamoDBServiceException);
  // The SDK's logger middleware filters every call's input and output for its (no-op) logger: a walk over each
  // item read (about 3% of a list's CPU in a profile of the handlers). No logger is configured: taken out.
  base.middlewareStack.remove('loggerMiddleware');
  if (meterEnabled) {
    base.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as Record<string, unknown>;
        input.ReturnConsumedCapacity ??= 'TOTAL';
        const out = await next(args);
        const current = currentMeter();
        const output = out.output as { ConsumedCapacity?: Consumed | Consumed[] };
        if (current && output.ConsumedCapacity) {
          for (const c of [output.ConsumedCapacity].flat()) {
            current.read += c.ReadCapacityUnits ?? (c.WriteCapacityUnits ? 0 : (c.CapacityUnits ?? 0));
            current.write += c.WriteCapacityUnits ?? 0;
          }
        }
        return out;
      },
      { step: 'initialize', name: 'assayCapacityMeter' },
    );
  }
  client = DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return client;
}
