/**
 * The chain of a `listing` route (the route table says so: a list of what the caller may see). Its session check
 * reads the caller's listing scope with the session's items, in one request; the handler takes it with
 * `listingScope`. Apart from ./api.ts so that no other route's bundle carries the listing scope.
 */
import type { RouteDef } from '@shared/api/route-types';
import { checkSessionWithListingScope, type ListingScope } from '../domain/access/listing-session';
import { apiWith } from './api';

/** The listing scope a `listing` route's session check read. */
export function listingScope(event: { checked?: unknown }): ListingScope {
  const scope = event.checked as ListingScope | undefined;
  if (!scope || !Array.isArray(scope.hidden) || !Array.isArray(scope.own)) throw new Error('no listing scope: the route is not marked `listing` in the route table');
  return scope;
}

export const listingApi = <R extends RouteDef>(route: R) => {
  if (!route.listing) throw new Error(`route ${route.id} is not a listing: its handler takes api (functions/http/api.ts)`);
  return apiWith(route, checkSessionWithListingScope);
};
