/** Warranty activation and test-sheet forms (SPEC §3 Chair, §4 Warranty, §5), from the mutations. */
import { z } from 'zod';
import { mutationArgSchemas } from '../mutations';
import { ACTIVATION_WINDOW_MESSAGE, canActivateWarranty } from '../warranty';

const activate = mutationArgSchemas['chair.activateWarranty'].shape;

/**
 * Built per call because the 14-day window is measured from `now`, which the caller
 * supplies. Whether the serial is in stock is a data check and happens in the action.
 */
export function warrantyActivationSchema(now: Date) {
  return z.object({
    serialNumber: activate.serialNumber,
    deliveryDate: activate.deliveryDate.refine((date) => canActivateWarranty(date, now), {
      error: ACTIVATION_WINDOW_MESSAGE,
    }),
  });
}
export type WarrantyActivationInput = z.infer<ReturnType<typeof warrantyActivationSchema>>;

export const testSheetSchema = mutationArgSchemas['chair.submitTestSheet'].omit({
  chairId: true,
  serialNumber: true,
});
export type TestSheetInput = z.infer<typeof testSheetSchema>;
