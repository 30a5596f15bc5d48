import { describe, expect, it } from 'vitest';
import { lockSecondsAfter } from '../../functions/domain/auth/lockout';
import { generateResetCode, hashResetCode, resetCodeMatches } from '../../functions/domain/auth/reset-code';
import { emailDomainAllowed } from '../../functions/domain/auth/email-domain';

describe('sign-in lockout', () => {
  it('lets the first four failures pass and then doubles the wait up to 15 minutes', () => {
    expect([1, 2, 3, 4].map((n) => lockSecondsAfter(n))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8].map((n) => lockSecondsAfter(n))).toEqual([30, 60, 120, 240]);
    expect(lockSecondsAfter(9)).toBe(480);
    expect(lockSecondsAfter(10)).toBe(900);
    expect(lockSecondsAfter(1000)).toBe(900);
  });
});

describe('reset codes', () => {
  it('are eight random digits', () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateResetCode()));
    for (const code of codes) expect(code).toMatch(/^\d{8}$/);
    expect(codes.size).toBeGreaterThan(190);
  });

  it('are stored as a salted hash that matches only the same code', () => {
    const { hash, salt } = hashResetCode('123456');
    expect(hash).not.toContain('123456');
    expect(resetCodeMatches('123456', { code_hash: hash, salt })).toBe(true);
    expect(resetCodeMatches(' 123456 ', { code_hash: hash, salt })).toBe(true);
    expect(resetCodeMatches('123457', { code_hash: hash, salt })).toBe(false);
    expect(hashResetCode('123456').hash).not.toBe(hash); // a new salt each time
  });
});

describe('allowed email domains', () => {
  it('allows every domain when the list is empty', () => {
    expect(emailDomainAllowed('a@anything.example', [])).toBe(true);
  });
  it('compares the domain part exactly, ignoring case', () => {
    expect(emailDomainAllowed('a@Firm.Example', ['firm.example'])).toBe(true);
    expect(emailDomainAllowed('a@sub.firm.example', ['firm.example'])).toBe(false);
    expect(emailDomainAllowed('a@firm.example.evil', ['firm.example'])).toBe(false);
    expect(emailDomainAllowed('firm.example@evil.example', ['firm.example'])).toBe(false);
  });
});
