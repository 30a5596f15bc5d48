/**
 * Ending sessions: the revocation mark and the checks built on it, and who is an administrator.
 * (Local copies cleared at sign-out are checked in the browser: test/e2e/accounts.spec.ts.)
 */
import { describe, expect, it } from 'vitest';
import { isAdminAccount } from '../../functions/domain/auth/admins';
import { refreshTokenHash } from '../../functions/data/token-hash';
import { revocationMark, sessionRefusal, sessionStart, signedInBefore, signInDelayMs, tokenKey } from '../../functions/domain/auth/session-rules';

describe('the revocation mark', () => {
  it('is the second after the revocation, so every token of that second is refused too', () => {
    expect(revocationMark(1_700_000_000_000)).toBe(1_700_000_001);
    expect(revocationMark(1_700_000_000_999)).toBe(1_700_000_001);
    const mark = revocationMark(1_700_000_000_400);
    expect(signedInBefore(1_699_999_999, mark)).toBe(true);
    expect(signedInBefore(1_700_000_000, mark)).toBe(true); // the revocation's own second
    expect(signedInBefore(1_700_000_001, mark)).toBe(false);
  });

  it('refuses nothing when no session was ever ended (mark 0)', () => {
    expect(signedInBefore(1, 0)).toBe(false);
    expect(signedInBefore(0, 0)).toBe(false);
  });

  it('makes a sign-in in the revocation second wait just past the next second, and no other sign-in', () => {
    const mark = revocationMark(1_700_000_000_400);
    expect(signInDelayMs(1_700_000_000_500, mark)).toBe(550);
    expect(signInDelayMs(1_700_000_000_999, mark)).toBe(51);
    expect(signInDelayMs(1_700_000_001_000, mark)).toBe(0);
    expect(signInDelayMs(1_800_000_000_000, mark)).toBe(0);
    expect(signInDelayMs(1_700_000_000_000, 0)).toBe(0);
  });
});

describe('when a session began', () => {
  it('is auth_time, else iat, as numbers or as the strings the JWT authorizer passes', () => {
    expect(sessionStart({ auth_time: 1_700_000_000, iat: 1_700_000_500 })).toBe(1_700_000_000);
    expect(sessionStart({ auth_time: '1700000000', iat: '1700000500' })).toBe(1_700_000_000);
    expect(sessionStart({ iat: '1700000500' })).toBe(1_700_000_500);
  });

  it('is not a number for anything else, which no check lets through', () => {
    for (const claims of [{}, { auth_time: 'yesterday' }, { auth_time: '1e12' }, { auth_time: '' }, { auth_time: '-5' }, { iat: null }]) {
      const started = sessionStart(claims);
      expect(Number.isNaN(started)).toBe(true);
      expect(signedInBefore(started, 0)).toBe(false); // so the middleware refuses NaN before comparing
    }
  });
});

describe('refresh-token records', () => {
  it('are keyed by a SHA-256 of the token, never the token', () => {
    const token = 'eyJjdHkiOiJKV1QiLCJlbmMiOiJBMjU2R0NNIiwiYWxnIjoiUlNBLU9BRVAifQ.secret';
    const hash = refreshTokenHash(token);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain('secret');
    expect(refreshTokenHash(token)).toBe(hash);
    expect(refreshTokenHash(`${token}x`)).not.toBe(hash);
  });
});

describe('administrators', () => {
  const admins = ['boss@firm.example', 'second@firm.example'];
  it('are the active accounts whose email is named, whatever its case', () => {
    expect(isAdminAccount({ email: 'boss@firm.example', status: 'active' }, admins)).toBe(true);
    expect(isAdminAccount({ email: 'Boss@Firm.Example', status: 'active' }, admins)).toBe(true);
  });
  it('never an account that has not proven its mailbox, is deactivated, or is not named', () => {
    expect(isAdminAccount({ email: 'boss@firm.example', status: 'unverified' }, admins)).toBe(false);
    expect(isAdminAccount({ email: 'boss@firm.example', status: 'pending' }, admins)).toBe(false);
    expect(isAdminAccount({ email: 'boss@firm.example', status: 'deactivated' }, admins)).toBe(false);
    expect(isAdminAccount({ email: 'staff@firm.example', status: 'active' }, admins)).toBe(false);
    expect(isAdminAccount({ email: '', status: 'active' }, ['', ...admins])).toBe(false);
    expect(isAdminAccount(undefined, admins)).toBe(false);
    expect(isAdminAccount({ email: 'boss@firm.example', status: 'active' }, [])).toBe(false);
  });
});

describe('the session check of every signed-in request', () => {
  const live = { validAfter: 0, ended: {}, status: 'active' };
  const claims = { auth_time: '1700000000', jti: 'jti-1' };

  it('lets a live session of an active account through', () => {
    expect(sessionRefusal(claims, live)).toBeUndefined();
    expect(sessionRefusal({ ...claims, origin_jti: 'origin-1' }, { ...live, ended: { 'jti-1': 1_700_003_600 } })).toBeUndefined();
  });

  it('refuses a token signed out in its own browser, by origin_jti (the cloud) or by jti (cognito-local)', () => {
    expect(sessionRefusal({ ...claims, origin_jti: 'origin-1' }, { ...live, ended: { 'origin-1': 1_700_003_600 } })).toBe('ended');
    expect(sessionRefusal(claims, { ...live, ended: { 'jti-1': 1_700_003_600 } })).toBe('ended');
    expect(sessionRefusal(claims, { ...live, validAfter: 1_700_000_001 })).toBe('ended');
  });

  it('refuses any token of an account that is deactivated, not confirmed, or has no profile, even a live one', () => {
    expect(sessionRefusal(claims, { ...live, status: 'deactivated' })).toBe('deactivated');
    expect(sessionRefusal(claims, { ...live, status: 'unverified' })).toBe('inactive');
    expect(sessionRefusal(claims, { ...live, status: 'pending' })).toBe('inactive');
    expect(sessionRefusal(claims, { ...live, status: undefined })).toBe('inactive');
  });

  it('refuses a token without a sign-in time or a token id', () => {
    expect(sessionRefusal({ jti: 'x' }, live)).toBe('invalid');
    expect(sessionRefusal({ auth_time: '1700000000' }, live)).toBe('invalid');
    expect(sessionRefusal({ ...claims, jti: 'x'.repeat(200) }, live)).toBe('invalid');
  });

  it('names a session by origin_jti first, then jti', () => {
    expect(tokenKey({ origin_jti: 'o', jti: 'j' })).toBe('o');
    expect(tokenKey({ jti: 'j' })).toBe('j');
    expect(tokenKey({ jti: 5 })).toBe('');
  });
});
