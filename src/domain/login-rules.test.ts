// The sign-in page checks its fields without zod (checkLogin); it must say exactly what
// loginSchema says, for every input.
import { regexes } from 'zod';
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, checkLogin, type LoginErrors } from './login-rules';
import { loginSchema } from './schemas/auth.schema';

function schemaErrors(input: { email: string; password: string }): LoginErrors {
  const result = loginSchema.safeParse(input);
  const errors: LoginErrors = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as keyof LoginErrors;
    errors[field] ??= issue.message;
  }
  return errors;
}

const EMAILS = [
  '',
  ' ',
  'not-an-email',
  'engineer@demo.chairside.app',
  ' engineer@demo.chairside.app',
  'engineer@demo.chairside.app ',
  'a@b.c',
  'a@b.co',
  'first.last+tag@sub.example.org',
  "o'brien@example.ie",
  '.dot@example.com',
  'dot.@example.com',
  'two..dots@example.com',
  'user@-example.com',
  'user@example',
  'user@@example.com',
  'üser@example.com',
  'user@exämple.com',
  'USER@EXAMPLE.COM',
  'user@123.45.67.89',
  'user@example.c0m',
];
const PASSWORDS = [
  '',
  '12345',
  '123456',
  '     ',
  '      ',
  'pässwörd',
  '😀😀😀',
  '😀😀😀😀😀😀',
  'a'.repeat(200),
];

describe('checkLogin', () => {
  it('uses z.email()’s own pattern', () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });

  it.each(EMAILS.flatMap((email) => PASSWORDS.map((password) => ({ email, password }))))(
    'says what loginSchema says for %j',
    (input) => {
      expect(checkLogin(input)).toEqual(schemaErrors(input));
    },
  );

  it('names both fields of an empty form in SPEC §5’s words', () => {
    expect(checkLogin({ email: '', password: '' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
    expect(checkLogin({ email: 'engineer@demo.chairside.app', password: 'engineer123' })).toEqual(
      {},
    );
  });
});
