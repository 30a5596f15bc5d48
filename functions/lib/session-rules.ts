/** The pure rules of ending sessions (session-check.ts and the auth domain use them with the stored mark). */
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
