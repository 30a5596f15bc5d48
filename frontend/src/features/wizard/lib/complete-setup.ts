/**
 * 'Complete Setup' (spec section 7: the organization, then the report): one server operation that creates
 * both with the initial progress in one transaction, and claims the evidence uploaded under the placeholder.
 * The placeholder id is the idempotency key, so retrying after a failure (or a lost answer) answers the same
 * ids and never creates a second organization; nothing is left for the browser to clean up. Completing setup
 * again updates the existing organization and report with the versions this tab holds: a change made
 * elsewhere since is refused (409), never silently overwritten.
 */
import type { SetupResponse } from '@shared/schemas/wizard';
import { completeSetupOnServer } from '../api/complete-setup';
import { nextSeq, saveSession } from './save-session';
import type { SetupData } from './types';

export type SetupResult = SetupResponse;

export async function completeSetup(setup: SetupData, placeholderId: string, stepVersion?: number): Promise<SetupResult> {
  return completeSetupOnServer({
    idempotency_key: placeholderId,
    placeholder_id: placeholderId,
    setup,
    ...(stepVersion !== undefined ? { step_version: stepVersion } : {}),
    session: await saveSession(),
    seq: nextSeq(),
  });
}
