/**
 * The login input's rules (SPEC §5) without zod: the sign-in page checks its two fields with
 * checkLogin and loads no zod (the sign-in page's budget, tests/bench/bundle.bench.test.ts).
 * schemas/auth.schema.ts builds loginSchema (and sign-up's fields) from the same constants, and
 * login-rules.test.ts requires both to agree.
 */
export const MIN_PASSWORD_LENGTH = 6;
export const INVALID_EMAIL = 'Please enter a valid email address';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';

export interface LoginInput {
  email: string;
  password: string;
}

/**
 * A valid e-mail address: zod's own z.email() pattern (login-rules.test.ts checks it stays so).
 * The directory's e-mail schema (mutations.ts), which loginSchema and signUpSchema take, is given
 * it too, so checkLogin and loginSchema agree.
 */
export const EMAIL_PATTERN =
  // eslint-disable-next-line no-useless-escape -- zod's pattern, verbatim
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export type LoginErrors = Partial<Record<keyof LoginInput, string>>;

/** The messages for what is wrong with `input`; empty when it may be sent. */
export function checkLogin(input: LoginInput): LoginErrors {
  const errors: LoginErrors = {};
  if (!EMAIL_PATTERN.test(input.email)) errors.email = INVALID_EMAIL;
  // Characters as zod counts them: code points (an emoji is one).
  if ([...input.password].length < MIN_PASSWORD_LENGTH) errors.password = PASSWORD_TOO_SHORT;
  return errors;
}
