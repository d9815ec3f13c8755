import { describe, expect, it } from 'vitest';
import { signInErrorMessage, signUpErrorMessage } from './auth-messages';

describe('signUpErrorMessage', () => {
  it.each([
    [
      'User already registered',
      'An account with this email already exists. Please sign in instead.',
    ],
    ['Password should be at least 6 characters.', 'Password must be at least 6 characters long.'],
    ['Invalid email', 'Please enter a valid email address.'],
    ['Unable to validate email address: invalid format', 'Please enter a valid email address.'],
    ['Signups not allowed for this instance', 'Signups not allowed for this instance'],
    ['', 'Failed to create account. Please try again.'],
    [undefined, 'Failed to create account. Please try again.'],
  ])('maps %j to %j', (provider, expected) => {
    expect(signUpErrorMessage(provider)).toBe(expected);
  });
});

describe('signInErrorMessage', () => {
  it('passes the provider message through, with SPEC fallback', () => {
    expect(signInErrorMessage('Invalid login credentials')).toBe('Invalid login credentials');
    expect(signInErrorMessage('')).toBe('Failed to sign in. Please check your credentials.');
    expect(signInErrorMessage(null)).toBe('Failed to sign in. Please check your credentials.');
  });
});
