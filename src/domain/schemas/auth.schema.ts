/** Sign-up and login forms (SPEC §3 Forms, §5 Sign-up, Login). */
import { z } from 'zod';
import { roleSchema } from './common';

export const MIN_PASSWORD_LENGTH = 6;

const emailField = z.email({ error: 'Please enter a valid email address' });
const passwordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: 'Password must be at least 6 characters' });

export const signUpSchema = z
  .object({
    name: z.string().min(1, { error: 'Name is required' }),
    email: emailField,
    password: passwordField,
    confirmPassword: z.string().min(MIN_PASSWORD_LENGTH, { error: 'Please confirm your password' }),
    role: roleSchema,
  })
  .refine((values) => values.password === values.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type LoginInput = z.infer<typeof loginSchema>;
