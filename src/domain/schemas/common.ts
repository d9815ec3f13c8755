/**
 * Field pieces shared by several input schemas (SPEC §3, §5): enums and the
 * optional-URL rule. Each input's own schema still lives in its own file.
 */
import { z } from 'zod';

export const ROLES = ['CUSTOMER', 'ADMIN', 'ENGINEER', 'VENDOR'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const PRACTICE_TYPES = ['DENTAL', 'MEDICAL', 'VETERINARY', 'CLINIC'] as const;
export const practiceTypeSchema = z.enum(PRACTICE_TYPES);
export type PracticeType = z.infer<typeof practiceTypeSchema>;

/** Optional free text: a form sends '' for an untouched field, so both are accepted. */
export const optionalText = z.string().optional();

/** A valid http(s) URL or an empty string; `javascript:` and friends are not pictures. */
export const profilePictureUrlSchema = z
  .union([z.url({ protocol: /^https?$/, error: 'Please enter a valid URL' }), z.literal('')])
  .optional();
