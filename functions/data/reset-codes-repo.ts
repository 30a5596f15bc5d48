import { keys } from './keys';
import { isExpired } from './table';
import { increment } from './table-counters';
import { deleteIf, deleteItem, getItem, putItem } from './table-ops';

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
  await putItem({ ...key, entity: 'OneTimeCode', ...code });
}

/** The live code, or undefined when there is none or it has expired. */
export async function getResetCode(email: string, key: CodeKey = keys.resetCode(email)): Promise<StoredResetCode | undefined> {
  const item = (await getItem(key, { consistent: true })) as StoredResetCode | undefined;
  if (!item || isExpired(item)) return undefined;
  return item;
}

/** Counts a wrong guess; returns false when the code was already used up or replaced. */
export async function recordFailedAttempt(email: string, codeHash: string, maxAttempts: number, key: CodeKey = keys.resetCode(email)): Promise<boolean> {
  const counted = await increment({ key, counter: 'attempts', by: 1, condition: { expression: 'code_hash = :hash AND attempts < :max', values: { ':hash': codeHash, ':max': maxAttempts } } });
  return counted !== undefined;
}

/**
 * Removes an account's pending codes (its password reset code, its mailbox confirmation code): a deactivated
 * account's mailed codes must never work again. DeleteItem only, so the caller cannot read them.
 */
export async function deleteAccountCodes(username: string, email: string | undefined): Promise<void> {
  await Promise.all([deleteItem(keys.verifyCode(username)), ...(email ? [deleteItem(keys.resetCode(email))] : [])]);
}

/** Deletes the code if it is still the one that was checked: single use even under a race. */
export async function consumeResetCode(email: string, codeHash: string, maxAttempts: number, key: CodeKey = keys.resetCode(email)): Promise<boolean> {
  return deleteIf({ Key: key, ConditionExpression: 'code_hash = :hash AND attempts < :max', ExpressionAttributeValues: { ':hash': codeHash, ':max': maxAttempts } });
}
