/** Installation wizard acceptance step (SPEC §4 Installation wizard, §5). */
import { z } from 'zod';

export const installationAcceptanceSchema = z.object({
  customerName: z.string().trim().min(1, { error: 'Customer name is required' }),
  signatureText: z.string().trim().min(1, { error: 'Signature is required' }),
  notes: z.string().optional(),
});
export type InstallationAcceptanceInput = z.infer<typeof installationAcceptanceSchema>;
