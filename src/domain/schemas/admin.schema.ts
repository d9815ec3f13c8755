/** Admin forms: add user and add chair to inventory (SPEC §5 Add user, Add chair). */
import { z } from 'zod';
import { upholsteryColours } from '../chair-models';
import { optionalText, practiceTypeSchema } from './common';

/** Roles an admin can create (vendors are not offered). */
export const ADDABLE_ROLES = ['CUSTOMER', 'ADMIN', 'ENGINEER'] as const;

export const addUserSchema = z.object({
  name: z.string().trim().min(1, { error: 'Name is required' }),
  email: z.email({ error: 'Please enter a valid email address' }),
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

export const chairConfigurationSchema = z
  .object({
    deliverySystem: z.string(),
    instrumentOption: z.string(),
    assistantChairside: z.string(),
    lighting: z.string(),
    footControl: z.string(),
    upholsteryType: z.enum(['Formed', 'Sewn']),
    upholsteryColor: z.string(),
    monitorBracket: z.string(),
  })
  .refine((c) => upholsteryColours(c.upholsteryType).includes(c.upholsteryColor), {
    error: 'Choose a colour offered for this upholstery type',
    path: ['upholsteryColor'],
  });

export const addChairSchema = z.object({
  serialNumber: z.string().trim().min(1, { error: 'Serial number is required' }),
  model: z.enum(['S30', 'U500'], { error: 'Model is required' }),
  configuration: chairConfigurationSchema.optional(),
});
export type AddChairInput = z.infer<typeof addChairSchema>;
