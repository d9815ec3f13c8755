/**
 * Field pieces shared by several input schemas (SPEC §3, §5): enums, the chair configuration and
 * the optional-URL rule. The mutation schemas (../mutations.ts) build on these, and the form
 * schemas next to this file are derived from the mutation schemas, so each message is spelled once.
 */
import '../zod-config';
import { z } from 'zod';
import { upholsteryColours } from '../chair-models';

export const ROLES = ['CUSTOMER', 'ADMIN', 'ENGINEER', 'VENDOR'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const PRACTICE_TYPES = ['DENTAL', 'MEDICAL', 'VETERINARY', 'CLINIC'] as const;
export const practiceTypeSchema = z.enum(PRACTICE_TYPES);
export type PracticeType = z.infer<typeof practiceTypeSchema>;

/** Optional free text: a form sends '' for an untouched field, so both are accepted. */
export const optionalText = z.string().optional();

/** The one wording of a link that is not one (profile pictures, part diagrams, training links). */
export const INVALID_URL = 'Please enter a valid URL';

/** A valid http(s) URL or an empty string; `javascript:` and friends are not pictures. */
export const profilePictureUrlSchema = z
  .union([z.url({ protocol: /^https?$/, error: INVALID_URL }), z.literal('')])
  .optional();

// Enums of the ticket inputs (SPEC §3 Support ticket, ServiceNotes; §4 Work type, Part condition).
export const TICKET_PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const;
export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES, { error: 'Priority is required' });
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;

export const TICKET_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

export const WORK_TYPES = ['WARRANTY', 'DAMAGE', 'OUT_OF_WARRANTY'] as const;
export const workTypeSchema = z.enum(WORK_TYPES);
export type WorkType = z.infer<typeof workTypeSchema>;

export const PART_CONDITIONS = ['NEW', 'REFURBISHED', 'USED'] as const;
export const partConditionSchema = z.enum(PART_CONDITIONS);
export type PartCondition = z.infer<typeof partConditionSchema>;

/** A chair's configuration (SPEC §3 Configuration): the colour must be offered for the type. */
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
