import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from '@shared/schemas/auth';
import { ApiError } from '@/lib/api-error';
import { onSessionChange } from '@/lib/session-events';
import { clearLocalCopies, clearSession, readSession, tokenExpiry, writeSession } from '@/lib/session-store';

/** the server calls, loaded on first use (not in the entry); a stored session starts the download at once */
let serverCalls: Promise<typeof import('../api/session')> | undefined;
const server = () =>
  (serverCalls ??= import('../api/session').catch((error: unknown) => {
    serverCalls = undefined; // a failed download is tried again next time
    throw error;
  }));
if (readSession()) void server().catch(() => undefined);

type SessionState =
  | { status: 'checking'; user: null }
  | { status: 'signed-in'; user: User }
  | { status: 'signed-out'; user: null };

interface SessionContextValue {
  state: SessionState;
  /** the parent's login handler: called with the user after a successful sign-in */
  login(token: string, user: User): void;
  /** the parent's logout callback */
  logout(): Promise<void>;
  /** sign out everywhere: every session of the user ends (throws when the server could not do it) */
  logoutEverywhere(): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Refresh this long before the access token expires. */
const REFRESH_AHEAD_MS = 2 * 60 * 1000;
/** A refresh that got no answer is tried again after this long (the session stays meanwhile). */
const REFRESH_RETRY_MS = 30 * 1000;

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() =>
    readSession() ? { status: 'checking', user: null } : { status: 'signed-out', user: null },
  );
  const refreshTimer = useRef<number | undefined>(undefined);

  const endSession = useCallback(() => {
    clearSession();
    window.clearTimeout(refreshTimer.current);
    setState({ status: 'signed-out', user: null });
  }, []);

  /** Keeps the access token fresh for the whole working day the refresh token allows. */
  const scheduleRefresh = useCallback(
    (token: string) => {
      window.clearTimeout(refreshTimer.current);
      const exp = tokenExpiry(token);
      if (!exp) return;
      const refreshIn = (delay: number) => {
        refreshTimer.current = window.setTimeout(() => {
          void server()
            .then((s) => s.refreshAccessToken())
            .then(
              // the server refused the refresh cookie: the session is over (a new token reschedules through 'refreshed')
              (fresh) => {
                if (!fresh) endSession();
              },
              // no answer (nor the code that asks): the session stays, and the refresh is tried again
              () => refreshIn(REFRESH_RETRY_MS),
            );
        }, delay);
      };
      refreshIn(Math.max(5_000, exp * 1000 - Date.now() - REFRESH_AHEAD_MS));
    },
    [endSession],
  );

  // On load: a stored token and user are verified with the server; failure clears both silently.
  useEffect(() => {
    const stored = readSession();
    if (!stored) return;
    const controller = new AbortController();
    server()
      .then((s) => s.verifySession(controller.signal))
      .then(({ user }) => {
        const current = readSession();
        if (!current) return endSession();
        writeSession({ token: current.token, user });
        // the signed-in page draws in slices (a transition), not in one long task; the skeleton stays until it is drawn
        startTransition(() => setState({ status: 'signed-in', user }));
        scheduleRefresh(current.token);
      })
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        // the server refused the token (and a refresh did not help): the session is over, silently
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return endSession();
        // no answer (offline, page unloading, server down, a refresh cut off or limited): keep the stored session
        // rather than sign out; the next API call checks the token again
        setState({ status: 'signed-in', user: stored.user });
        scheduleRefresh(stored.token);
      });
    return () => controller.abort();
  }, [endSession, scheduleRefresh]);

  useEffect(
    () =>
      onSessionChange((event, token) => {
        if (event === 'refreshed' && token) scheduleRefresh(token);
        if (event === 'expired') endSession();
      }),
    [endSession, scheduleRefresh],
  );

  useEffect(() => () => window.clearTimeout(refreshTimer.current), []);

  const login = useCallback(
    (token: string, user: User) => {
      writeSession({ token, user });
      setState({ status: 'signed-in', user });
      scheduleRefresh(token);
    },
    [scheduleRefresh],
  );

  // an explicit sign-out also clears the per-user copies kept in this browser (an expiry keeps them)
  const logout = useCallback(async () => {
    await server().then((s) => s.logoutOnServer(), () => undefined);
    clearLocalCopies();
    endSession();
  }, [endSession]);

  const logoutEverywhere = useCallback(async () => {
    await (await server()).logoutEverywhereOnServer();
    clearLocalCopies();
    endSession();
  }, [endSession]);

  const value = useMemo(() => ({ state, login, logout, logoutEverywhere }), [state, login, logout, logoutEverywhere]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
