/** The admin's Edit user form (issue 16): the 'user.update' mutation's fields, messages from it. */
import { z } from 'zod';
import { mutationArgSchemas } from '../mutations';
import { optionalText } from './common';

const userUpdate = mutationArgSchemas['user.update'].shape;

export const editUserSchema = z.object({
  name: userUpdate.name,
  // Trimmed before the check, so a pasted address with a trailing space is accepted.
  email: z.string().trim().pipe(userUpdate.email),
  phone: optionalText,
  address: optionalText,
});
export type EditUserInput = z.input<typeof editUserSchema>;
export type EditUserValues = z.output<typeof editUserSchema>;
