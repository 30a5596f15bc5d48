import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { commonPasswordList, DATA_FILE } from '../../scripts/gen-common-passwords';
import { readFileSync } from 'node:fs';
import { isCommonPassword, passwordProblem } from '../../functions/domain/auth/password-policy';

describe('password policy', () => {
  it('requires at least 8 characters, counted as code points', () => {
    expect(passwordProblem('abcdefg')).toBe('Password must be at least 8 characters long');
    expect(passwordProblem('ab😀😀😀😀😀')).toBe('Password must be at least 8 characters long'); // 7 code points
    expect(passwordProblem('ab😀😀😀😀😀x')).toBeNull();
  });

  it('allows 64 and more characters, up to 256', () => {
    expect(passwordProblem('q'.repeat(40) + 'w'.repeat(24))).toBeNull();
    expect(passwordProblem('long passphrase '.repeat(16))).toBeNull(); // 256
    expect(passwordProblem('x'.repeat(257))).toBe('Password must be at most 256 characters long');
  });

  it('has no composition rules', () => {
    expect(passwordProblem('alllowercaseletters')).toBeNull();
    expect(passwordProblem('9183746520193847')).toBeNull();
  });

  it('refuses the most common passwords, in any case', () => {
    for (const pw of ['password', '12345678', 'qwertyuiop', 'Password1', 'ILOVEYOU1', 'sunshine']) {
      expect(isCommonPassword(pw), pw).toBe(true);
      expect(passwordProblem(pw), pw).toBe('This password is too common; choose a less predictable one');
    }
    expect(isCommonPassword('violet tractor umbrella')).toBe(false);
  });

  it('refuses the username or email as the password', () => {
    expect(passwordProblem('Jane.Doe@corp.example', { email: 'jane.doe@corp.example' })).toBe(
      'Password must not be the same as your username or email address',
    );
    expect(passwordProblem('consultant7', { username: 'consultant7' })).toBe(
      'Password must not be the same as your username or email address',
    );
  });

  it('ships the generated list unchanged from its source (top 10,000 of 8+ characters)', () => {
    const list = commonPasswordList();
    expect(list).toHaveLength(10_000);
    expect(list.every((p) => [...p].length >= 8)).toBe(true);
    const committed = gunzipSync(readFileSync(DATA_FILE)).toString('utf8').split('\n');
    expect(committed).toEqual(list);
  });
});
