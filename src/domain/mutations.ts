/**
 * The sync contract's closed set of mutations (ARCHITECTURE.md "Mutations"): each name, the
 * guarded operation (Postgres function, /rest/v1/rpc/<rpc>) that applies it on the server, and
 * the zod schema of its args. Actions validate with these before writing the outbox, the push
 * re-parses what comes out of the outbox, and supabase/migrations implement the same shapes.
 *
 * Args are camelCase JSON. Rows created offline carry their client UUID as `id`.
 */
import './zod-config';
import { z } from 'zod';
import {
  chairConfigurationSchema,
  partConditionSchema,
  practiceTypeSchema,
  profilePictureUrlSchema,
  roleSchema,
  ticketPrioritySchema,
  ticketStatusSchema,
  workTypeSchema,
} from './schemas/common';
import { EMAIL_PATTERN, INVALID_EMAIL } from './login-rules';

const uuid = z.uuid({ error: 'Must be a UUID' });
const isoDate = z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' });
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Must be a time (HH:MM)' });
const text = z.string();
// Fields several inputs share; the form schemas (./schemas) take these through the shapes below.
const name = z.string().trim().min(1, { error: 'Name is required' });
const title = z.string().trim().min(1, { error: 'Title is required' });
/** SPEC §5 Add chair's messages (the dialog's and the spreadsheet import's). */
export const SERIAL_REQUIRED = 'Serial number is required';
export const MODEL_REQUIRED = 'Model is required';
const chairModel = z.enum(['S30', 'U500'], { error: MODEL_REQUIRED });
/** A required list of text: entries trimmed, blanks dropped, then at least one left. */
const requiredList = (message: string) =>
  z
    .array(text)
    .transform((items) => items.map((item) => item.trim()).filter((item) => item.length > 0))
    .pipe(z.array(text).min(1, { error: message }));

// ---------------------------------------------------------------------------------------------
// Tickets
// ---------------------------------------------------------------------------------------------
export const serviceNotesPatchSchema = z
  .object({
    workPerformed: text,
    timeSpent: z.number().min(0, { error: 'Time spent must be 0 or more' }),
    workType: workTypeSchema,
    damageDescription: text,
    conditionReport: z
      .object({ beforeService: text, afterService: text, recommendations: text })
      .partial(),
    followUpRequired: z.boolean(),
    followUpNotes: text,
  })
  .partial();
export type ServiceNotesPatch = z.infer<typeof serviceNotesPatchSchema>;

const ticketRef = { ticketId: uuid };
// A signature drawn on the tablet, as a PNG data URL (signature_pad's toDataURL()).
const signatureImage = z
  .string()
  .startsWith('data:image/png;base64,', { error: 'Please sign in the box' });

/** Who accepted the work: an installation's and a resolution's sign-off. */
const customerName = z.string().trim().min(1, { error: 'Customer name is required' });

const ticketArgs = {
  'ticket.create': z.object({
    id: uuid,
    title,
    description: z.string().trim().min(10, { error: 'Description must be at least 10 characters' }),
    priority: ticketPrioritySchema,
    chairId: uuid.nullable().optional(),
  }),
  'ticket.take': z.object(ticketRef),
  'ticket.assign': z.object({ ...ticketRef, engineerUserId: uuid }),
  'ticket.setStatus': z.object({ ...ticketRef, status: ticketStatusSchema }),
  'ticket.updateServiceNotes': z.object({ ...ticketRef, patch: serviceNotesPatchSchema }),
  'ticket.addPart': z.object({
    ...ticketRef,
    // Client UUID of the partsUsed line, so a later removal names exactly this line.
    lineId: uuid,
    partId: z.string().min(1, { error: 'Please select a part' }),
    quantity: z.number().int().min(1),
    condition: partConditionSchema,
  }),
  'ticket.removePart': z.object({ ...ticketRef, lineId: uuid }),
  'ticket.resolve': z.object({
    ...ticketRef,
    resolution: z.string().trim().min(1, { error: 'Please provide a resolution description' }),
    // The customer's acceptance of the work for the service report (issue 20): optional, since
    // the customer is not always on site when the ticket is resolved.
    signOff: z
      .object({
        customerName,
        signatureImage,
      })
      .optional(),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Service requests
// ---------------------------------------------------------------------------------------------
const requestRef = { serviceRequestId: uuid };

const serviceRequestArgs = {
  'serviceRequest.create': z.object({
    id: uuid,
    chairId: z.string().min(1, { error: 'Please select a chair' }),
    preferredDate: isoDate,
    preferredTime: hhmm,
    notes: text.optional(),
  }),
  'serviceRequest.take': z.object(requestRef),
  'serviceRequest.assign': z.object({ ...requestRef, engineerUserId: uuid }),
  // Also reschedules: an already SCHEDULED request keeps its status.
  'serviceRequest.schedule': z.object({
    ...requestRef,
    scheduledDate: isoDate,
    scheduledTime: hhmm,
  }),
  'serviceRequest.cancel': z.object({ ...requestRef, reason: text }),
  'serviceRequest.complete': z.object(requestRef),
  // The schedule board's due chair dropped on an engineer's day (issue 45; VENDOR, ADMIN): a new
  // request for the chair's owner, assigned and scheduled in one change, applied once.
  'serviceRequest.book': z.object({
    id: uuid,
    chairId: uuid,
    engineerUserId: uuid,
    scheduledDate: isoDate,
    scheduledTime: hhmm,
    notes: text.optional(),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Chairs, warranty, installations, part requests
// ---------------------------------------------------------------------------------------------
const serialNumber = z.string().trim().min(1, { error: SERIAL_REQUIRED });
// abort: the activation form's 14-day check does not run on an empty date.
const deliveryDate = z.string().min(1, { error: 'Delivery date is required', abort: true });

const checklistSchema = z.record(z.string(), z.boolean());

const equipmentArgs = {
  'chair.register': z.object({ serialNumber, deliveryDate }),
  // model: what the live lookup found, for the chair this device shows until the server answers
  // (provisionalChair); the server takes the chair's own and ignores it.
  'chair.activateWarranty': z.object({ serialNumber, deliveryDate, model: chairModel.optional() }),
  'chair.submitTestSheet': z.object({
    chairId: uuid,
    // Set when the chair was activated on this device and is not yet confirmed by the server
    // (provisionalChair): its id here is the device's own, so the server finds the chair by its
    // serial number among the caller's chairs.
    serialNumber: serialNumber.optional(),
    partsArrived: z.boolean(),
    powersOn: z.boolean(),
    movementOK: z.boolean(),
    waterAirOK: z.boolean(),
    notes: text.optional(),
  }),
  'chair.extendWarranty': z.object({
    chairId: uuid,
    years: z.union([z.literal(3), z.literal(5)], { error: 'Extension must be 3 or 5 years' }),
  }),
  'installation.complete': z.object({
    id: uuid,
    chairId: uuid,
    // The chair's owner the engineer verified (null: no owner); a chair owned by anyone else is
    // refused. Older queued changes leave it out, and the owner is then not checked.
    customerUserId: uuid.nullable().optional(),
    checklist: checklistSchema,
    customerName,
    signatureText: z.string().trim().min(1, { error: 'Signature is required' }),
    signatureImage,
    notes: text.optional(),
  }),
  'partRequest.create': z.object({
    id: uuid,
    chairId: uuid.nullable().optional(),
    items: z
      .array(z.object({ partId: uuid, qty: z.number().int().min(1) }))
      .min(1, { error: 'Cart is empty' }),
    notes: text.optional(),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Part request lifecycle (admin): PENDING → QUOTED → ORDERED → FULFILLED, or CANCELLED before
// FULFILLED (src/domain/part-request-lifecycle.ts).
// ---------------------------------------------------------------------------------------------
const partRequestArgs = {
  'partRequest.setStatus': z.object({
    partRequestId: uuid,
    status: z.enum(['QUOTED', 'ORDERED', 'FULFILLED', 'CANCELLED'], {
      error: 'Status must be QUOTED, ORDERED, FULFILLED or CANCELLED',
    }),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Profile (own row). Engineers send `engineer` with the fields they may edit; certifications,
// availability and metrics are never part of it.
// ---------------------------------------------------------------------------------------------
const profileArgs = {
  'profile.update': z.object({
    name,
    email: z.email({ error: 'Valid email is required' }),
    phone: text.optional(),
    address: text.optional(),
    profilePictureUrl: profilePictureUrlSchema,
    practice: z
      .object({ name: text, type: practiceTypeSchema, address: text, phone: text })
      .partial()
      .nullable()
      .optional(),
    engineer: z
      .object({
        location: z.string().trim().min(1, { error: 'Location is required' }),
        emergencyPhone: text.optional(),
        coverageAreas: requiredList('Coverage areas are required'),
        specializations: requiredList('Specializations are required'),
        skillSets: requiredList('Skill sets are required'),
      })
      .strict()
      .optional(),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------
const partFields = {
  name,
  partCode: text.optional(),
  model: z.enum(['S30', 'U500']).nullable().optional(),
  diagramUrl: text.nullable().optional(),
  price: z.number().min(0, { error: 'Price must be 0 or more' }),
  stock: z.number().int().min(0, { error: 'Stock must be 0 or more' }),
};
const trainingFields = {
  title,
  type: z.enum(['VIDEO', 'PDF', 'FAQ']),
  url: text.nullable().optional(),
  content: text.nullable().optional(),
};

// The e-mail of a directory row an admin adds or edits (SPEC §5 Add user).
const directoryEmail = z.email({ pattern: EMAIL_PATTERN, error: INVALID_EMAIL });

const adminArgs = {
  'user.create': z.object({
    id: uuid,
    name,
    email: directoryEmail,
    role: roleSchema,
    phone: text.optional(),
    address: text.optional(),
    practice: z.object({ name: text, type: practiceTypeSchema }).optional(),
    engineer: z
      .object({ location: text, coverageAreas: z.array(text), specializations: z.array(text) })
      .optional(),
  }),
  // Edit user (issue 16): contact details; the role has its own mutation, practice and engineer
  // details stay as they are.
  'user.update': z.object({
    userId: uuid,
    name,
    email: directoryEmail,
    phone: text.optional(),
    address: text.optional(),
  }),
  'user.delete': z.object({ userId: uuid }),
  'user.setRole': z.object({ userId: uuid, role: roleSchema }),
  'chair.add': z.object({
    id: uuid,
    serialNumber,
    model: chairModel,
    configuration: chairConfigurationSchema.optional(),
  }),
  'chair.assignOwner': z.object({ chairId: uuid, ownerUserId: uuid.nullable() }),
  'part.add': z.object({ id: uuid, ...partFields }),
  'part.update': z.object({ partId: uuid, ...partFields }),
  'part.delete': z.object({ partId: uuid }),
  'training.add': z.object({ id: uuid, ...trainingFields }),
  'training.update': z.object({ trainingId: uuid, ...trainingFields }),
  'training.delete': z.object({ trainingId: uuid }),
} as const;

export const mutationArgSchemas = {
  ...ticketArgs,
  ...serviceRequestArgs,
  ...equipmentArgs,
  ...partRequestArgs,
  ...profileArgs,
  ...adminArgs,
} as const;

export type MutationName = keyof typeof mutationArgSchemas;
export type MutationArgs<N extends MutationName> = z.infer<(typeof mutationArgSchemas)[N]>;

export const MUTATION_NAMES = Object.keys(mutationArgSchemas) as MutationName[];

/** The Postgres function behind a mutation: 'ticket.updateServiceNotes' → 'ticket_update_service_notes'. */
export function rpcName(name: MutationName): string {
  return name.replace('.', '_').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function isMutationName(value: unknown): value is MutationName {
  return typeof value === 'string' && Object.hasOwn(mutationArgSchemas, value);
}

/** Error classes a guarded operation reports (SQLSTATE PT409/PT400/PT403/PT404). */
export const REJECTION_CLASSES = ['conflict', 'validation', 'forbidden', 'not_found'] as const;
export type RejectionClass = (typeof REJECTION_CLASSES)[number];
