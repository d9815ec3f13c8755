/**
 * Profile forms (SPEC §5 Customer profile, Admin and vendor profile, Engineer profile).
 * The engineer's list fields are typed as comma-separated text and split on save.
 */
import { z } from 'zod';
import { mutationArgSchemas, type MutationArgs } from '../mutations';
import { optionalText, practiceTypeSchema, profilePictureUrlSchema } from './common';

/** Splits a comma-separated list, trimming each entry and dropping empty ones. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

const profileUpdate = mutationArgSchemas['profile.update'].shape;

/** The fields every profile form holds, as typed (optional ones may be missing or ''). */
interface OwnFields {
  name: string;
  email: string;
  phone?: string;
  address?: string;
  profilePictureUrl?: string;
}

/** A profile form's own fields as 'profile.update' args, trimmed ('' for one left empty). */
export function profileUpdateArgs(values: OwnFields): MutationArgs<'profile.update'> {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone?.trim() ?? '',
    address: values.address?.trim() ?? '',
    profilePictureUrl: values.profilePictureUrl?.trim() ?? '',
  };
}
const engineerFields = profileUpdate.engineer.unwrap().shape;
const nameField = profileUpdate.name;
const emailField = profileUpdate.email;

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

// Typed as comma-separated text; valid when the split list passes the mutation's list rule, so
// "required" means at least one entry once split (", ," does not pass).
const listField = (list: z.ZodType<string[]>) =>
  z.string().superRefine((value, ctx) => {
    const result = list.safeParse(splitList(value));
    if (!result.success) {
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message });
    }
  });

export const engineerProfileSchema = z.object({
  name: nameField,
  email: emailField,
  phone: optionalText,
  profilePictureUrl: profilePictureUrlSchema,
  location: engineerFields.location,
  emergencyPhone: optionalText,
  coverageAreas: listField(engineerFields.coverageAreas),
  specializations: listField(engineerFields.specializations),
  skillSets: listField(engineerFields.skillSets),
});
export type EngineerProfileInput = z.infer<typeof engineerProfileSchema>;
