import { describe, expect, it } from 'vitest';
import { changePasswordSchema, loginSchema, signUpSchema } from './auth.schema';

const valid = {
  name: 'Ada',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  role: 'CUSTOMER',
};

describe('signUpSchema', () => {
  it('accepts a complete sign-up', () => {
    expect(signUpSchema.safeParse(valid).success).toBe(true);
  });

  it('reports each field with the SPEC message', () => {
    const result = signUpSchema.safeParse({
      name: '',
      email: 'nope',
      password: '12345',
      confirmPassword: '1',
      role: 'CUSTOMER',
    });
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['name', 'Name is required'],
        ['email', 'Please enter a valid email address'],
        ['password', 'Password must be at least 6 characters'],
        ['confirmPassword', 'Please confirm your password'],
      ]),
    );
  });

  it('shows "Passwords don\'t match" on confirmPassword', () => {
    const result = signUpSchema.safeParse({ ...valid, confirmPassword: 'secret2' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: "Passwords don't match" }),
    ]);
  });

  it('accepts every role and rejects others', () => {
    for (const role of ['CUSTOMER', 'ADMIN', 'ENGINEER', 'VENDOR']) {
      expect(signUpSchema.safeParse({ ...valid, role }).success).toBe(true);
    }
    expect(signUpSchema.safeParse({ ...valid, role: 'OWNER' }).success).toBe(false);
  });
});

describe('loginSchema', () => {
  it('accepts a valid email and a 6-character password', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
  });

  it('rejects a bad email and a short password with the SPEC messages', () => {
    const result = loginSchema.safeParse({ email: 'a@', password: '12345' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', 'Please enter a valid email address'],
      ['password', 'Password must be at least 6 characters'],
    ]);
  });
});

describe('password length in bytes', () => {
  const base = { name: 'A', email: 'a@b.co', role: 'CUSTOMER' as const };
  it('accepts a new password of exactly 72 bytes and refuses 73', () => {
    const ok = 'é'.repeat(36); // 2 bytes each
    expect(signUpSchema.safeParse({ ...base, password: ok, confirmPassword: ok }).success).toBe(
      true,
    );
    const long = `${ok}x`;
    const result = signUpSchema.safeParse({ ...base, password: long, confirmPassword: long });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(
      'Password must be at most 72 bytes',
    );
  });
});

describe('changePasswordSchema', () => {
  it('needs the current password, a new one of the same rules, and a matching confirmation', () => {
    const messages = (input: object) =>
      changePasswordSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(
      messages({ currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' }),
    ).toEqual(['Please enter your current password']);
    expect(
      messages({ currentPassword: 'old-one', newPassword: 'abc', confirmPassword: 'abc' }),
    ).toContain('Password must be at least 6 characters');
    expect(
      messages({ currentPassword: 'old-one', newPassword: 'abcdef', confirmPassword: 'abcdeg' }),
    ).toEqual(["Passwords don't match"]);
    expect(
      messages({
        currentPassword: 'same-one',
        newPassword: 'same-one',
        confirmPassword: 'same-one',
      }),
    ).toEqual(['Choose a password different from the current one']);
    expect(
      messages({
        currentPassword: 'old-one',
        newPassword: 'new-one!',
        confirmPassword: 'new-one!',
      }),
    ).toEqual([]);
  });
});
