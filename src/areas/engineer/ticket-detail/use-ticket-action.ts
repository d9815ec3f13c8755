/**
 * Runs one ticket mutation from a screen: perform (validated, applied to the mirror and queued,
 * so it works offline), then a success toast; a local refusal (MutationRejected) or an invalid
 * input (ZodError) becomes an error toast with its own message.
 */
import { useCallback } from 'react';
import { ZodError } from 'zod';
import { toaster } from '../../../app/toaster';
import type { MutationInput } from '../../../data/actions';
import { MutationRejected } from '../../../data/local-store';
import { usePerform } from '../../../data/session-context';
import type { MutationName } from '../../../domain/mutations';

export interface SuccessToast {
  title: string;
  description?: string;
}

/** The message to show for a failed write. */
export function errorMessage(error: unknown): string {
  if (error instanceof MutationRejected) return error.message;
  if (error instanceof ZodError) return error.issues[0]?.message ?? 'Please check your input';
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong';
}

export function showError(error: unknown): void {
  toaster.create({ type: 'error', title: errorMessage(error) });
}

/** Returns `run(name, input, success)`: true when the change was recorded. */
export function useTicketAction() {
  const perform = usePerform();
  return useCallback(
    async <N extends MutationName>(
      name: N,
      input: MutationInput<N>,
      success: SuccessToast,
    ): Promise<boolean> => {
      try {
        await perform(name, input);
      } catch (error) {
        showError(error);
        return false;
      }
      toaster.create({ type: 'success', ...success });
      return true;
    },
    [perform],
  );
}
