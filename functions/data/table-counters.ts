/**
 * Atomic counters in the table: one UpdateItem that ADDs to a number (the item and the number made when missing),
 * sets other fields in the same write, and holds only while a condition does when one is given. Parallel
 * increments never lose each other's count, and a condition on the count (`failures < :free`) is a cap that
 * parallel callers cannot pass.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ItemKey } from './keys';
import { isConditionalCheckFailed, joinPlaceholders, placeholders, tableName } from './table';
import { documentClient } from './table-client';

type Item = Record<string, unknown>;

export interface Increment {
  key: ItemKey;
  /** the number attribute moved */
  counter: string;
  /** how much it moves (negative: down) */
  by: number;
  /** fields set in the same write (undefined values left out) */
  set?: Item;
  /**
   * the write holds only while this holds; its placeholders are its own (none may be named `#n`, `:n`, `#s<n>` or
   * `:s<n>`, the write's)
   */
  condition?: { expression: string; names?: Record<string, string>; values?: Item };
}

/** The counter's value after the write; undefined when the condition failed (then nothing changed). */
export async function increment(i: Increment): Promise<number | undefined> {
  const set = placeholders(i.set ?? {}, 's');
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName,
        Key: i.key,
        UpdateExpression: `ADD #n :n${set.pairs.length ? ` SET ${set.pairs.map(([n, v]) => `${n} = ${v}`).join(', ')}` : ''}`,
        ...(i.condition ? { ConditionExpression: i.condition.expression } : {}),
        ExpressionAttributeNames: joinPlaceholders({ '#n': i.counter, ...set.names }, i.condition?.names),
        ExpressionAttributeValues: joinPlaceholders<unknown>({ ':n': i.by, ...set.values }, i.condition?.values),
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(out.Attributes?.[i.counter] ?? i.by);
  } catch (error) {
    if (i.condition && isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}
