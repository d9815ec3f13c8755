/** Customer's service-request form (SPEC §3 Service request, §5 Service request). */
import { z } from 'zod';

/**
 * Built per call because the earliest allowed date is "today", passed in as YYYY-MM-DD
 * (local calendar day of the caller) so the schema stays pure.
 */
export function serviceRequestSchema(today: string) {
  return z.object({
    chairId: z.string().min(1, { error: 'Please select a chair' }),
    preferredDate: z
      .string()
      .min(1, { error: 'Preferred date is required', abort: true })
      // ISO dates compare correctly as strings.
      .refine((date) => date >= today, { error: 'Preferred date cannot be in the past' }),
    preferredTime: z.string().min(1, { error: 'Preferred time is required' }),
    notes: z.string().optional(),
  });
}
export type ServiceRequestInput = z.infer<ReturnType<typeof serviceRequestSchema>>;
