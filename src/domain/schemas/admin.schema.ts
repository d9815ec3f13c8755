/** Admin forms: add user and add chair to inventory (SPEC §5 Add user, Add chair), from the mutations. */
import { z } from 'zod';
import { mutationArgSchemas } from '../mutations';
import { optionalText, practiceTypeSchema } from './common';

const userCreate = mutationArgSchemas['user.create'].shape;

/** Roles an admin can create (vendors are not offered). */
export const ADDABLE_ROLES = ['CUSTOMER', 'ADMIN', 'ENGINEER'] as const;

export const addUserSchema = z.object({
  name: userCreate.name,
  email: userCreate.email,
  role: z.enum(ADDABLE_ROLES, { error: 'Role is required' }),
  phone: optionalText,
  address: optionalText,
  practiceName: optionalText,
  practiceType: practiceTypeSchema.optional(),
  location: optionalText,
  // Comma-separated; split with splitList from profile.schema on save.
  coverageAreas: optionalText,
  specializations: optionalText,
});
export type AddUserInput = z.infer<typeof addUserSchema>;

export { chairConfigurationSchema } from './common';

export const addChairSchema = mutationArgSchemas['chair.add'].pick({
  serialNumber: true,
  model: true,
  configuration: true,
});
export type AddChairInput = z.infer<typeof addChairSchema>;
