import { describe, expect, it } from 'vitest';
import { resolveRole } from './roles';

describe('resolveRole', () => {
  it('takes the stored user row first', () => {
    expect(
      resolveRole({
        storedRole: 'VENDOR',
        metadataRole: 'ADMIN',
        email: 'admin@demo.chairside.app',
      }),
    ).toBe('VENDOR');
  });

  it('falls back to the sign-up metadata when the row cannot be read', () => {
    expect(resolveRole({ storedRole: null, metadataRole: 'ENGINEER', email: 'a@b.co' })).toBe(
      'ENGINEER',
    );
  });

  it('then maps the known demo addresses, case-insensitively', () => {
    expect(resolveRole({ email: 'Engineer@Demo.Chairside.App' })).toBe('ENGINEER');
    expect(resolveRole({ email: 'vendor@demo.chairside.app' })).toBe('VENDOR');
    expect(resolveRole({ email: 'admin@demo.chairside.app' })).toBe('ADMIN');
  });

  it('makes everyone else a customer, ignoring unknown role names', () => {
    expect(resolveRole({ storedRole: 'ROOT', metadataRole: 'SUPERUSER', email: 'x@y.z' })).toBe(
      'CUSTOMER',
    );
    expect(resolveRole({})).toBe('CUSTOMER');
  });
});
