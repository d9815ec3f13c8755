/**
 * The New Installation wizard's rules over its draft (kept by src/data/installation-draft.ts):
 * how far the engineer may go, and the acceptance step's messages.
 */
import type { InstallationDraft, WizardStep } from '../../../data/installation-draft';
import { isChecklistComplete } from '../../../domain/installation-checklist';
import { mutationArgSchemas } from '../../../domain/mutations';
import { installationAcceptanceSchema } from '../../../domain/schemas/installation.schema';

export type { WizardStep };
export type WizardState = InstallationDraft;

/**
 * The furthest step the state allows: step 2 needs a chair, step 3 the 'matches exactly'
 * confirmation, step 4 every checklist item ticked (SPEC §4 Installation wizard).
 */
export function furthestStep(state: WizardState, chairAvailable: boolean): WizardStep {
  if (!state.chairId || !chairAvailable) return 1;
  if (!state.confirmed) return 2;
  if (!isChecklistComplete(state.checklist)) return 3;
  return 4;
}

export type AcceptanceField = 'customerName' | 'signatureText' | 'signatureImage';

/** The acceptance step's messages, from the shared schemas (SPEC §5 Installation acceptance). */
export function acceptanceErrors(state: WizardState): Partial<Record<AcceptanceField, string>> {
  const errors: Partial<Record<AcceptanceField, string>> = {};
  const result = installationAcceptanceSchema.safeParse(state);
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if ((field === 'customerName' || field === 'signatureText') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  const image = mutationArgSchemas['installation.complete'].shape.signatureImage.safeParse(
    state.signatureImage ?? '',
  );
  if (!image.success) errors.signatureImage = image.error.issues[0]?.message;
  return errors;
}
