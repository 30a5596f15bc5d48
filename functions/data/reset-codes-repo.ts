import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { documentClient, isConditionalCheckFailed, isExpired, tableName } from './table';

export interface StoredResetCode {
  email: string;
  username: string;
  code_hash: string;
  salt: string;
  attempts: number;
  expires_at: number;
  created_at: string;
}

/** Stores a new code for the email, replacing any earlier one. */
export async function putResetCode(code: StoredResetCode): Promise<void> {
  await documentClient().send(
    new PutCommand({ TableName: tableName, Item: { ...keys.resetCode(code.email), entity: 'ResetCode', ...code } }),
  );
}

/** The live code for an email, or undefined when there is none or it has expired. */
export async function getResetCode(email: string): Promise<StoredResetCode | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName, Key: keys.resetCode(email), ConsistentRead: true }),
  );
  if (!Item || isExpired(Item as StoredResetCode)) return undefined;
  return Item as StoredResetCode;
}

/** Counts a wrong guess; returns false when the code was already used up or replaced. */
export async function recordFailedAttempt(email: string, codeHash: string, maxAttempts: number): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.resetCode(email),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'code_hash = :hash AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':hash': codeHash, ':max': maxAttempts },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** Deletes the code if it is still the one that was checked: single use even under a race. */
export async function consumeResetCode(email: string, codeHash: string, maxAttempts: number): Promise<boolean> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: tableName,
        Key: keys.resetCode(email),
        ConditionExpression: 'code_hash = :hash AND attempts < :max',
        ExpressionAttributeValues: { ':hash': codeHash, ':max': maxAttempts },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
