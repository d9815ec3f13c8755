/**
 * Profile forms (SPEC §5 Customer profile, Admin and vendor profile, Engineer profile).
 * The engineer's list fields are typed as comma-separated text and split on save.
 */
import { z } from 'zod';
import { optionalText, practiceTypeSchema, profilePictureUrlSchema } from './common';

/** Splits a comma-separated list, trimming each entry and dropping empty ones. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

const nameField = z.string().trim().min(1, { error: 'Name is required' });
const emailField = z.email({ error: 'Valid email is required' });

export const adminProfileSchema = z.object({
  name: nameField,
  email: emailField,
  phone: optionalText,
  address: optionalText,
  profilePictureUrl: profilePictureUrlSchema,
});
export type AdminProfileInput = z.infer<typeof adminProfileSchema>;

/** Vendors edit the same fields as admins. */
export const vendorProfileSchema = adminProfileSchema;
export type VendorProfileInput = AdminProfileInput;

export const customerProfileSchema = adminProfileSchema.extend({
  practiceName: optionalText,
  practiceType: practiceTypeSchema.default('DENTAL'),
  practiceAddress: optionalText,
  practicePhone: optionalText,
});
export type CustomerProfileFormInput = z.input<typeof customerProfileSchema>;
export type CustomerProfileInput = z.output<typeof customerProfileSchema>;

// "Required" means at least one entry once split, so ", ," does not pass.
const listField = (message: string) =>
  z.string().refine((value) => splitList(value).length > 0, { error: message });

export const engineerProfileSchema = z.object({
  name: nameField,
  email: emailField,
  phone: optionalText,
  profilePictureUrl: profilePictureUrlSchema,
  location: z.string().trim().min(1, { error: 'Location is required' }),
  emergencyPhone: optionalText,
  coverageAreas: listField('Coverage areas are required'),
  specializations: listField('Specializations are required'),
  skillSets: listField('Skill sets are required'),
});
export type EngineerProfileInput = z.infer<typeof engineerProfileSchema>;
