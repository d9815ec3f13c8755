/**
 * The New Installation wizard's draft, kept per user in localStorage: a half-finished
 * installation (chosen chair, confirmation, checklist ticks, acceptance fields and the drawn
 * signature) survives a reload or a flat battery and is cleared on completion or Start over.
 * Owns the storage key and the draft's shape; a damaged or outdated draft starts afresh, and a
 * full or blocked storage only loses the draft, never the wizard.
 */
import '../domain/zod-config';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';

export type WizardStep = 1 | 2 | 3 | 4;

const installationDraftSchema = z.object({
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
export type InstallationDraft = z.infer<typeof installationDraftSchema>;

export const emptyInstallationDraft: InstallationDraft = {
  step: 1,
  chairId: null,
  confirmed: false,
  checklist: {},
  customerName: '',
  signatureText: '',
  notes: '',
  signatureImage: null,
};

export const installationDraftKey = (userId: string) => `chairside.installation-wizard.${userId}`;

/** True once the engineer has entered anything worth keeping. */
export function hasDraftInput(draft: InstallationDraft): boolean {
  return (
    draft.chairId !== null ||
    draft.confirmed ||
    Object.values(draft.checklist).some(Boolean) ||
    draft.customerName.trim() !== '' ||
    draft.signatureText.trim() !== '' ||
    draft.notes.trim() !== '' ||
    draft.signatureImage !== null
  );
}

export function loadInstallationDraft(userId: string): InstallationDraft {
  try {
    const raw = localStorage.getItem(installationDraftKey(userId));
    if (!raw) return emptyInstallationDraft;
    // A draft from an older build or a damaged entry starts afresh rather than crashing.
    const parsed = installationDraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyInstallationDraft;
  } catch {
    return emptyInstallationDraft;
  }
}

/** Stores the draft, or removes it when it holds nothing worth keeping. */
export function saveInstallationDraft(userId: string, draft: InstallationDraft): void {
  const key = installationDraftKey(userId);
  try {
    if (hasDraftInput(draft)) localStorage.setItem(key, JSON.stringify(draft));
    else localStorage.removeItem(key);
  } catch {
    // Storage full or blocked (private mode): the wizard still works, only without the draft.
  }
}

/** The draft of `userId`, restored on mount and saved on every change. */
export function useInstallationDraft(userId: string) {
  const [draft, setDraft] = useState<InstallationDraft>(() => loadInstallationDraft(userId));
  useEffect(() => saveInstallationDraft(userId, draft), [userId, draft]);
  const update = useCallback(
    (patch: Partial<InstallationDraft>) => setDraft((current) => ({ ...current, ...patch })),
    [],
  );
  const tick = useCallback(
    (patch: Record<string, boolean>) =>
      setDraft((current) => ({ ...current, checklist: { ...current.checklist, ...patch } })),
    [],
  );
  const reset = useCallback(() => setDraft(emptyInstallationDraft), []);
  return { state: draft, update, tick, reset };
}
