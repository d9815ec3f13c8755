/**
 * Support-ticket inputs (SPEC §3 Support ticket, ServiceNotes; §4 Ticket; §5 Ticket,
 * Service notes form, Resolve ticket, Add part to service record). Each form schema is derived
 * from the args schema of its mutation (../mutations.ts), so a rule and its message live once.
 */
import { z } from 'zod';
import { mutationArgSchemas, serviceNotesPatchSchema } from '../mutations';
import { optionalText, partConditionSchema, workTypeSchema } from './common';

export {
  PART_CONDITIONS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  WORK_TYPES,
  partConditionSchema,
  ticketPrioritySchema,
  ticketStatusSchema,
  workTypeSchema,
  type PartCondition,
  type TicketPriority,
  type TicketStatus,
  type WorkType,
} from './common';

const ticketCreate = mutationArgSchemas['ticket.create'].shape;
const addPart = mutationArgSchemas['ticket.addPart'].shape;

export const createTicketSchema = z.object({
  title: ticketCreate.title,
  description: ticketCreate.description,
  priority: ticketCreate.priority,
  // Optional; the form offers only the customer's own chairs. '' means none chosen.
  chairId: z.string().optional(),
});
export type CreateTicketInput = z.infer<typeof createTicketSchema>;

export const resolveTicketSchema = mutationArgSchemas['ticket.resolve'].pick({ resolution: true });
export type ResolveTicketInput = z.infer<typeof resolveTicketSchema>;

const signOffShape = mutationArgSchemas['ticket.resolve'].shape.signOff.unwrap().shape;

/**
 * The Resolution tab's form: the resolution, and the customer's sign-off for the service report,
 * which is optional but whole (a name and a drawing, or neither).
 */
export const resolveTicketFormSchema = resolveTicketSchema
  .extend({ customerName: z.string(), signatureImage: z.string().nullable() })
  .superRefine((value, context) => {
    if (value.customerName.trim() === '' && value.signatureImage === null) return;
    const name = signOffShape.customerName.safeParse(value.customerName);
    if (!name.success) {
      context.addIssue({
        code: 'custom',
        path: ['customerName'],
        message: name.error.issues[0]?.message,
      });
    }
    const image = signOffShape.signatureImage.safeParse(value.signatureImage ?? '');
    if (!image.success) {
      context.addIssue({
        code: 'custom',
        path: ['signatureImage'],
        message: image.error.issues[0]?.message,
      });
    }
  });
export type ResolveTicketFormInput = z.infer<typeof resolveTicketFormSchema>;

// A cleared number input arrives as '' or NaN: that means "not given", not an error.
const blankToUndefined = (value: unknown): unknown =>
  value === '' || value === null || (typeof value === 'number' && Number.isNaN(value))
    ? undefined
    : value;

export const serviceNotesSchema = z.object({
  workPerformed: optionalText,
  timeSpent: z.preprocess(blankToUndefined, serviceNotesPatchSchema.shape.timeSpent),
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
  partId: addPart.partId,
  quantity: z.preprocess(coerceQuantity, addPart.quantity),
  condition: partConditionSchema.default('NEW'),
});
export type AddPartToServiceRecordInput = z.input<typeof addPartToServiceRecordSchema>;
export type AddPartToServiceRecord = z.output<typeof addPartToServiceRecordSchema>;
