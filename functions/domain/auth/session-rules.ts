/** The pure rules of ending sessions (session-check.ts and the rest of the auth domain use them with the stored state). */
/** The first second whose sign-ins survive a revocation made at `nowMs`. */
export const revocationMark = (nowMs: number): number => Math.floor(nowMs / 1000) + 1;

/** A token signed in at `authTime` (seconds) is dead when a revocation's mark lies after it. */
export const signedInBefore = (authTime: number, validAfter: number): boolean => authTime < validAfter;

/** Margin for the identity provider's clock against ours when a sign-in waits for the next second. */
const CLOCK_MARGIN_MS = 50;

/** How long a sign-in waits so that its token is newer than the revocation mark (0 almost always, < 1.05 s). */
export const signInDelayMs = (nowMs: number, validAfter: number): number =>
  nowMs >= validAfter * 1000 ? 0 : validAfter * 1000 - nowMs + CLOCK_MARGIN_MS;

/**
 * Which second a session began: `auth_time` (kept by Cognito across refreshes), else `iat`. NaN when neither
 * is a number, which no check lets through.
 */
export function sessionStart(claims: Record<string, unknown>): number {
  const raw = claims.auth_time ?? claims.iat;
  return typeof raw === 'number' || (typeof raw === 'string' && /^\d{1,12}$/.test(raw)) ? Number(raw) : Number.NaN;
}

/**
 * The key that names a session's access tokens: Cognito's `origin_jti` (the same for the sign-in's token and
 * every token refreshed from it), else the token's own `jti` (cognito-local has no origin_jti; the refresh
 * record then lists every token's jti). Empty when the token has neither.
 */
export function tokenKey(claims: Record<string, unknown>): string {
  const raw = claims.origin_jti ?? claims.jti;
  return typeof raw === 'string' && raw.length > 0 && raw.length <= 128 ? raw : '';
}

export type SessionRefusal = 'invalid' | 'ended' | 'deactivated' | 'inactive';

/**
 * Why a signed-in request's token is refused, or undefined when its session is live:
 * - `invalid`: no session start or no token key (nothing to check it against);
 * - `ended`: signed in before the user's revocation mark, or its session was signed out;
 * - `deactivated` / `inactive`: the account is deactivated, or its mailbox not proven (or it has no profile).
 */
export function sessionRefusal(
  claims: Record<string, unknown>,
  state: { validAfter: number; ended: Record<string, number>; status: string | undefined },
): SessionRefusal | undefined {
  const started = sessionStart(claims);
  const key = tokenKey(claims);
  if (!Number.isFinite(started) || !key) return 'invalid';
  if (state.status === 'deactivated') return 'deactivated';
  if (state.status !== 'active') return 'inactive';
  if (signedInBefore(started, state.validAfter) || Object.hasOwn(state.ended, key)) return 'ended';
  return undefined;
}
