import { describe, expect, it } from 'vitest';
import { ForgotPasswordBody, LoginBody, RegisterBody } from '@shared/schemas/auth';
import { formatZodError } from '@shared/schemas/common';

const detail = (result: { success: boolean; error?: unknown }) =>
  result.success ? null : formatZodError(result.error as never);

describe('auth schemas', () => {
  it('normalise usernames and emails', () => {
    const parsed = RegisterBody.parse({ username: '  Jane.Doe ', password: ' keep spaces ', name: ' Jane ', email: ' Jane@Firm.Example ' });
    expect(parsed).toEqual({ username: 'jane.doe', password: ' keep spaces ', name: 'Jane', email: 'jane@firm.example' });
  });

  it('say which field is missing or wrong, in one sentence', () => {
    expect(detail(LoginBody.safeParse({}))).toBe('username is required; password is required');
    expect(detail(LoginBody.safeParse({ username: '', password: 'x' }))).toBe('username is required');
    expect(detail(LoginBody.safeParse({ username: true, password: 1 }))).toBe(
      'username must be a string, not boolean; password must be a string, not number',
    );
    expect(detail(LoginBody.safeParse(null))).toBe('body must be a JSON object');
    expect(detail(ForgotPasswordBody.safeParse({ email: 'nope' }))).toBe('email must be a valid email address');
  });

  it('refuse usernames with spaces or control characters and overlong fields', () => {
    expect(detail(LoginBody.safeParse({ username: 'two words', password: 'x' }))).toBe(
      'username may contain only letters, digits and . _ @ + -',
    );
    expect(detail(LoginBody.safeParse({ username: 'u'.repeat(129), password: 'x' }))).toBe('username must be at most 128 characters');
    expect(detail(RegisterBody.safeParse({ username: 'ok', password: 'x', name: 'n'.repeat(201), email: 'a@b.example' }))).toBe(
      'name must be at most 200 characters',
    );
  });
});
