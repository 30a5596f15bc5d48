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

/**
 * Single-use codes, stored as salted hashes: password reset codes (keyed by email) and the codes that prove
 * a new account's mailbox (keyed by username). `key` picks which; the default is the reset code of `email`.
 */
type CodeKey = { PK: string; SK: string };

/** Stores a new code, replacing any earlier one for the same key. */
export async function putResetCode(code: StoredResetCode, key: CodeKey = keys.resetCode(code.email)): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: tableName, Item: { ...key, entity: 'OneTimeCode', ...code } }));
}

/** The live code, or undefined when there is none or it has expired. */
export async function getResetCode(email: string, key: CodeKey = keys.resetCode(email)): Promise<StoredResetCode | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  if (!Item || isExpired(Item as StoredResetCode)) return undefined;
  return Item as StoredResetCode;
}

/** Counts a wrong guess; returns false when the code was already used up or replaced. */
export async function recordFailedAttempt(email: string, codeHash: string, maxAttempts: number, key: CodeKey = keys.resetCode(email)): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
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

/**
 * Removes an account's pending codes (its password reset code, its mailbox confirmation code): a deactivated
 * account's mailed codes must never work again. DeleteItem only, so the caller cannot read them.
 */
export async function deleteAccountCodes(username: string, email: string | undefined): Promise<void> {
  await Promise.all([
    documentClient().send(new DeleteCommand({ TableName: tableName, Key: keys.verifyCode(username) })),
    ...(email ? [documentClient().send(new DeleteCommand({ TableName: tableName, Key: keys.resetCode(email) }))] : []),
  ]);
}

/** Deletes the code if it is still the one that was checked: single use even under a race. */
export async function consumeResetCode(email: string, codeHash: string, maxAttempts: number, key: CodeKey = keys.resetCode(email)): Promise<boolean> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: tableName,
        Key: key,
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
