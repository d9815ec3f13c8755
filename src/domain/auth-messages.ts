/** What the user reads when sign-up or sign-in fails (SPEC §8 Sign-up, Sign-in). */

/** Maps the auth provider's sign-up error to SPEC §8's wording. */
export function signUpErrorMessage(providerMessage: string | null | undefined): string {
  const message = providerMessage?.trim() ?? '';
  if (message.includes('User already registered')) {
    return 'An account with this email already exists. Please sign in instead.';
  }
  if (message.includes('Password should be at least 6 characters')) {
    return 'Password must be at least 6 characters long.';
  }
  // GoTrue says "Unable to validate email address: invalid format"; SPEC names 'Invalid email'.
  if (/invalid email|unable to validate email address/i.test(message)) {
    return 'Please enter a valid email address.';
  }
  return message || 'Failed to create account. Please try again.';
}

/** The provider's sign-in message, or SPEC's fallback. */
export function signInErrorMessage(providerMessage: string | null | undefined): string {
  return providerMessage?.trim() || 'Failed to sign in. Please check your credentials.';
}
