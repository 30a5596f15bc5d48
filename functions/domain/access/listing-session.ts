/**
 * The session check of a list route (functions/http/listing-api.ts), and the caller's listing scope read beside
 * it (one round trip fewer per page): refuses as assertSessionLive does, before anything of the scope is used.
 */
import { sessionAndListingScope, type ListingScope } from '../../data/listing-scope-repo';
import { assertStateLive } from '../auth';

export type { ListingScope };

export async function checkSessionWithListingScope(username: string, claims: Record<string, unknown>): Promise<ListingScope> {
  const { session, scope } = await sessionAndListingScope(username);
  assertStateLive(username, claims, session);
  return scope;
}
