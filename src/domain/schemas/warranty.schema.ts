/** Warranty activation and test-sheet forms (SPEC §3 Chair, §4 Warranty, §5). */
import { z } from 'zod';
import { canActivateWarranty } from '../warranty';

/**
 * Built per call because the 14-day window is measured from `now`, which the caller
 * supplies. Whether the serial is in stock is a data check and happens in the action.
 */
export function warrantyActivationSchema(now: Date) {
  return z.object({
    serialNumber: z.string().trim().min(1, { error: 'Serial number is required' }),
    deliveryDate: z
      .string()
      .min(1, { error: 'Delivery date is required', abort: true })
      .refine((date) => canActivateWarranty(date, now), {
        error: 'Warranty must be activated within 14 days of delivery',
      }),
  });
}
export type WarrantyActivationInput = z.infer<ReturnType<typeof warrantyActivationSchema>>;

export const testSheetSchema = z.object({
  partsArrived: z.boolean(),
  powersOn: z.boolean(),
  movementOK: z.boolean(),
  waterAirOK: z.boolean(),
  notes: z.string().optional(),
});
export type TestSheetInput = z.infer<typeof testSheetSchema>;
