/**
 * The API client says here when it refreshed the access token or found the session over; the session provider
 * listens. Its own module: the entry listens without loading the API client (and with it the route table and zod).
 */
export type SessionEvent = 'refreshed' | 'expired';
type SessionListener = (event: SessionEvent, token?: string) => void;
const listeners = new Set<SessionListener>();

export function onSessionChange(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionChange(event: SessionEvent, token?: string): void {
  listeners.forEach((l) => l(event, token));
}
