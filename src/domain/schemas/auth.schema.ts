/** Sign-up and login forms (SPEC §3 Forms, §5 Sign-up, Login). */
import { z } from 'zod';
import { mutationArgSchemas } from '../mutations';
import { roleSchema } from './common';

// The same name and e-mail rules (and messages) as an admin's Add user.
const userCreate = mutationArgSchemas['user.create'].shape;

export const MIN_PASSWORD_LENGTH = 6;

const emailField = userCreate.email;
const passwordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: 'Password must be at least 6 characters' });

export const signUpSchema = z
  .object({
    name: userCreate.name,
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
