/**
 * The New Installation wizard's state and its per-user draft in localStorage: a half-finished
 * installation (chosen chair, confirmation, checklist ticks, acceptance fields and the drawn
 * signature) survives a reload or a flat battery and is cleared on completion or Start over.
 */
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { installationAcceptanceSchema } from '../../../domain/schemas/installation.schema';
import { isChecklistComplete } from '../../../domain/installation-checklist';
import { mutationArgSchemas } from '../../../domain/mutations';

export type WizardStep = 1 | 2 | 3 | 4;

const wizardStateSchema = z.object({
  step: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  chairId: z.string().nullable(),
  confirmed: z.boolean(),
  checklist: z.record(z.string(), z.boolean()),
  customerName: z.string(),
  signatureText: z.string(),
  notes: z.string(),
  /** The drawn signature as a PNG data URL; null while the box is empty. */
  signatureImage: z.string().nullable(),
});
export type WizardState = z.infer<typeof wizardStateSchema>;

export const emptyWizardState: WizardState = {
  step: 1,
  chairId: null,
  confirmed: false,
  checklist: {},
  customerName: '',
  signatureText: '',
  notes: '',
  signatureImage: null,
};

export const wizardStorageKey = (userId: string) => `chairside.installation-wizard.${userId}`;

/** True once the engineer has entered anything worth keeping. */
export function hasWizardInput(state: WizardState): boolean {
  return (
    state.chairId !== null ||
    state.confirmed ||
    Object.values(state.checklist).some(Boolean) ||
    state.customerName.trim() !== '' ||
    state.signatureText.trim() !== '' ||
    state.notes.trim() !== '' ||
    state.signatureImage !== null
  );
}

function loadDraft(key: string): WizardState {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return emptyWizardState;
    // A draft from an older build or a damaged entry starts afresh rather than crashing.
    const parsed = wizardStateSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyWizardState;
  } catch {
    return emptyWizardState;
  }
}

function saveDraft(key: string, state: WizardState): void {
  try {
    if (hasWizardInput(state)) localStorage.setItem(key, JSON.stringify(state));
    else localStorage.removeItem(key);
  } catch {
    // Storage full or blocked (private mode): the wizard still works, only without the draft.
  }
}

/** The wizard state of `userId`, restored on mount and saved on every change. */
export function useWizardState(userId: string) {
  const key = wizardStorageKey(userId);
  const [state, setState] = useState<WizardState>(() => loadDraft(key));
  useEffect(() => saveDraft(key, state), [key, state]);
  const update = useCallback(
    (patch: Partial<WizardState>) => setState((current) => ({ ...current, ...patch })),
    [],
  );
  const tick = useCallback(
    (patch: Record<string, boolean>) =>
      setState((current) => ({ ...current, checklist: { ...current.checklist, ...patch } })),
    [],
  );
  const reset = useCallback(() => setState(emptyWizardState), []);
  return { state, update, tick, reset };
}

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
