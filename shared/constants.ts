/** Product-wide constants shared by the SPA, the functions and the infrastructure. */

/** The spec's `{app}` path segment. */
const APP_SEGMENT = 'assay';
export const APP_BASE = `/${APP_SEGMENT}` as const;

/** Browser storage keys (spec section 3: "token under the key token; user ... under the key user"). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
} as const;

/**
 * Name of the HttpOnly cookie that carries the Cognito refresh token (path-scoped to the auth routes). The
 * `__Secure-` prefix makes browsers refuse it unless it is set Secure over HTTPS (or from loopback, which
 * browsers count as secure), so no plain-HTTP page of the domain can plant or overwrite it. (`__Host-` would
 * also pin it to Path=/, sending the refresh token with every request; the prefix keeps it to /api/auth.)
 */
export const REFRESH_COOKIE = '__Secure-assay_refresh';
/** its name when COOKIE_SECURE=false (a browser that will not keep a Secure cookie from http://127.0.0.1) */
export const REFRESH_COOKIE_INSECURE = 'assay_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';
/** the header CloudFront adds to every request it forwards to the API (its value is a deploy-time secret) */
export const ORIGIN_VERIFY_HEADER = 'x-assay-origin-verify';
/** the SPA route the firm's identity provider (Cognito's hosted UI) returns to with the authorization code */
export const FEDERATED_CALLBACK_PATH = '/auth/callback';

export const DEFAULT_PROVIDER_NAME = 'Assay Analytics';
export const COPYRIGHT_YEAR = 2025;

/**
 * Reset codes (DESIGN.md "Auth"): 8 digits, and a code is used up after 5 wrong guesses, so guessing one is a
 * 5 in 100 million chance per code mailed.
 */
export const RESET_CODE = {
  digits: 8,
  ttlSeconds: 10 * 60,
  maxAttempts: 5,
} as const;

/** Sign-in lockout: after `freeFailures` failures the account is locked for base * 2^(n-free) seconds, capped. */
export const LOGIN_LOCKOUT = {
  freeFailures: 5,
  baseSeconds: 30,
  maxSeconds: 15 * 60,
  /** failures older than this are forgotten */
  windowSeconds: 24 * 60 * 60,
} as const;

/** Request body limits. API Gateway's hard limit is 10 MB; JSON routes accept much less. */
export const BODY_LIMITS = {
  gatewayMaxBytes: 10 * 1024 * 1024,
  smallJsonBytes: 16 * 1024,
} as const;

/**
 * Limits per person, in the application (atomic fixed-window counters in the table, as the sign-in lockout's),
 * so they hold wherever WAF is not: past them the answer is 429 with Retry-After and a detail.
 */
export const AUTH_LIMITS = {
  /** requests to the auth routes (sign-in, register, codes, reset, refresh) per client address per minute */
  perClientPerMinute: 60,
  /** password checks per username per minute, from every address together (the lockout counts per address) */
  signInChecksPerUsernamePerMinute: 30,
} as const;

/** Evidence items one report may hold (the library and its searches stay bounded). */
export const MAX_EVIDENCE_PER_REPORT = 500;

/**
 * Emails one person is sent about notifications in an hour, at most (whatever their setting, and however many people
 * mention them): past it, the rest go into their daily digest instead.
 */
export const NOTIFICATION_MAILS_PER_HOUR = 6;
