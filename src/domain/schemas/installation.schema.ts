/** Installation wizard acceptance step (SPEC §4 Installation wizard, §5), from installation.complete. */
import { z } from 'zod';
import { mutationArgSchemas } from '../mutations';

const complete = mutationArgSchemas['installation.complete'].shape;

export const installationAcceptanceSchema = z.object({
  customerName: complete.customerName,
  signatureText: complete.signatureText,
  notes: z.string().optional(),
});
export type InstallationAcceptanceInput = z.infer<typeof installationAcceptanceSchema>;
