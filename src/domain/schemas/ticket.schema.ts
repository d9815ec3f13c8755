/**
 * Support-ticket inputs (SPEC §3 Support ticket, ServiceNotes; §4 Ticket; §5 Ticket,
 * Service notes form, Resolve ticket, Add part to service record).
 */
import { z } from 'zod';
import { optionalText } from './common';

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

export const createTicketSchema = z.object({
  title: z.string().trim().min(1, { error: 'Title is required' }),
  description: z.string().trim().min(10, { error: 'Description must be at least 10 characters' }),
  priority: ticketPrioritySchema,
  // Optional; the form offers only the customer's own chairs. '' means none chosen.
  chairId: z.string().optional(),
});
export type CreateTicketInput = z.infer<typeof createTicketSchema>;

export const resolveTicketSchema = z.object({
  resolution: z.string().trim().min(1, { error: 'Please provide a resolution description' }),
});
export type ResolveTicketInput = z.infer<typeof resolveTicketSchema>;

// A cleared number input arrives as '' or NaN: that means "not given", not an error.
const blankToUndefined = (value: unknown): unknown =>
  value === '' || value === null || (typeof value === 'number' && Number.isNaN(value))
    ? undefined
    : value;

export const serviceNotesSchema = z.object({
  workPerformed: optionalText,
  timeSpent: z.preprocess(
    blankToUndefined,
    z.number().min(0, { error: 'Time spent must be 0 or more' }).optional(),
  ),
  workType: workTypeSchema.optional(),
  damageDescription: optionalText,
  conditionReport: z
    .object({
      beforeService: optionalText,
      afterService: optionalText,
      recommendations: optionalText,
    })
    .optional(),
  followUpRequired: z.boolean().optional(),
  followUpNotes: optionalText,
});
export type ServiceNotesFormInput = z.input<typeof serviceNotesSchema>;
export type ServiceNotesForm = z.output<typeof serviceNotesSchema>;

/** SPEC §5: an invalid quantity becomes 1 rather than an error; fractions are floored. */
const coerceQuantity = (value: unknown): number => {
  const n = typeof value === 'string' && value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1;
};

export const addPartToServiceRecordSchema = z.object({
  partId: z.string().min(1, { error: 'Please select a part' }),
  quantity: z.preprocess(coerceQuantity, z.number().int().min(1)),
  condition: partConditionSchema.default('NEW'),
});
export type AddPartToServiceRecordInput = z.input<typeof addPartToServiceRecordSchema>;
export type AddPartToServiceRecord = z.output<typeof addPartToServiceRecordSchema>;
