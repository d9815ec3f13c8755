/** Customer's service-request form (SPEC §3 Service request, §5 Service request). */
import { z } from 'zod';
import { mutationArgSchemas } from '../mutations';
import { PREFERRED_DATE_IN_PAST, isPreferredDateAllowed } from '../appointments';

const create = mutationArgSchemas['serviceRequest.create'].shape;

/**
 * Built per call because the earliest allowed date is "today", passed in as YYYY-MM-DD
 * (local calendar day of the caller) so the schema stays pure.
 */
export function serviceRequestSchema(today: string) {
  return z.object({
    chairId: create.chairId,
    preferredDate: z
      .string()
      .min(1, { error: 'Preferred date is required', abort: true })
      .refine((date) => isPreferredDateAllowed(date, today), { error: PREFERRED_DATE_IN_PAST }),
    preferredTime: z.string().min(1, { error: 'Preferred time is required' }),
    notes: create.notes,
  });
}
export type ServiceRequestInput = z.infer<ReturnType<typeof serviceRequestSchema>>;
