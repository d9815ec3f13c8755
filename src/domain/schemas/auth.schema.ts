/** Sign-up and login forms (SPEC §3 Forms, §5 Sign-up, Login). */
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, type LoginInput } from '../login-rules';
import { mutationArgSchemas } from '../mutations';
import { roleSchema } from './common';

// The same name and e-mail rules (and messages) as an admin's Add user.
const userCreate = mutationArgSchemas['user.create'].shape;

/** bcrypt reads only the first 72 bytes; a longer password would be silently cut, so it is refused. */
export const MAX_PASSWORD_BYTES = 72;
export const PASSWORD_TOO_LONG = 'Password must be at most 72 bytes';

export function passwordBytes(password: string): number {
  return new TextEncoder().encode(password).length;
}

const emailField = userCreate.email;
const passwordField = z.string().min(MIN_PASSWORD_LENGTH, { error: PASSWORD_TOO_SHORT });
const confirmPasswordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: 'Please confirm your password' });
/** SPEC §5: the confirmation must match, and the error shows on confirmPassword. */
const passwordsMatch = [
  (values: { confirmPassword: string } & ({ password: string } | { newPassword: string })) =>
    ('password' in values ? values.password : values.newPassword) === values.confirmPassword,
  { error: "Passwords don't match", path: ['confirmPassword'] },
] satisfies [unknown, { error: string; path: string[] }];

/** A password being chosen: SPEC's minimum and bcrypt's maximum. */
const newPasswordField = passwordField.refine((p) => passwordBytes(p) <= MAX_PASSWORD_BYTES, {
  error: PASSWORD_TOO_LONG,
});

export const signUpSchema = z
  .object({
    name: userCreate.name,
    email: emailField,
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
    role: roleSchema,
  })
  .refine(...passwordsMatch);
export type SignUpInput = z.infer<typeof signUpSchema>;

/** The sign-in page checks the same rules without zod: checkLogin in ../login-rules.ts. */
export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
}) satisfies z.ZodType<LoginInput>;

/** Changing one's password on a profile screen: the current one is required. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: 'Please enter your current password' }),
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine(...passwordsMatch)
  .refine((values) => values.newPassword !== values.currentPassword, {
    error: 'Choose a password different from the current one',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
