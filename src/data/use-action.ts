/**
 * The one way a screen writes: `const { run, busy } = useAction()`, then
 * `await run(name, input, { success, failure })`. A run validates the input with the mutation's
 * schema, applies it to the mirror and queues it in the outbox (usePerform), so it works offline;
 * then shows the success toast in SPEC's words. A refusal is shown as an error toast in words:
 * a local refusal (MutationRejected) with its own message, an invalid input (ZodError) with the
 * schema's first message, a full device with STORAGE_FULL_NOT_SAVED (nothing of the change was
 * kept: the transaction aborted), anything else with the screen's `failure` wording (SPEC §8:
 * storage errors are never shown raw). `run` resolves true when the change was recorded; it never throws.
 * `attemptEach` writes many the same way, batched, and answers in words instead of toasting.
 *
 * Toasts come from the kit's toaster store (src/components/toaster), the only part of
 * src/components that src/data may import (lint zone).
 */
import { useCallback, useState } from 'react';
import { ZodError } from 'zod';
import { toaster } from '../components/toaster';
import type { MutationName } from '../domain/mutations';
import type { MutationInput } from './actions';
import { MutationRejected } from './local-store';
import { isStorageFull, STORAGE_FULL_NOT_SAVED } from './storage-full';
import { usePerform, usePerformMany } from './session-mirror';

/** What a screen says when its change was recorded (SPEC §8 Success messages). */
export interface ActionToast {
  title: string;
  description?: string;
}

export interface RunOptions {
  /** The success toast; none when the screen shows the outcome itself. */
  success?: ActionToast;
  /** The words for an unexpected failure, e.g. 'Failed to update profile' (SPEC §8). */
  failure?: string;
}

export const DEFAULT_FAILURE = 'Something went wrong. Please try again.';

/**
 * The words for a failed write: a local refusal's own message, the first validation message, or
 * `fallback` for anything else.
 */
export function describeActionError(error: unknown, fallback: string = DEFAULT_FAILURE): string {
  if (error instanceof MutationRejected) return error.message;
  if (error instanceof ZodError) return error.issues[0]?.message ?? fallback;
  if (isStorageFull(error)) return STORAGE_FULL_NOT_SAVED;
  return fallback;
}

/** Shows a failed write (or a form's own validation error) as an error toast, in words. */
export function showActionError(error: unknown, fallback?: string): void {
  const words = describeActionError(error, fallback);
  // A full device keeps the screen's own failure (SPEC's 'Failed to ...') as the title and says
  // why, and what to do, underneath.
  if (fallback && isStorageFull(error)) {
    toaster.create({ type: 'error', title: fallback, description: words });
  } else {
    toaster.create({ type: 'error', title: words });
  }
}

export function useAction() {
  const perform = usePerform();
  const performMany = usePerformMany();
  const [running, setRunning] = useState(0);

  const run = useCallback(
    async <N extends MutationName>(
      name: N,
      input: MutationInput<N>,
      options: RunOptions = {},
    ): Promise<boolean> => {
      setRunning((n) => n + 1);
      try {
        await perform(name, input);
      } catch (error) {
        showActionError(error, options.failure);
        return false;
      } finally {
        setRunning((n) => n - 1);
      }
      if (options.success) toaster.create({ type: 'success', ...options.success });
      return true;
    },
    [perform],
  );

  /**
   * Many writes of one kind without toasts, for a screen that reports them itself (the chairs
   * import): one mutation and outbox entry per input, batched in transactions (performMutations).
   * Resolves, per input and in order, null when recorded, else the words for why not. Never throws.
   */
  const attemptEach = useCallback(
    async <N extends MutationName>(
      name: N,
      inputs: readonly MutationInput<N>[],
      { failure, onProgress }: { failure?: string; onProgress?: (done: number) => void } = {},
    ): Promise<(string | null)[]> => {
      const outcomes = await performMany(name, inputs, onProgress);
      return outcomes.map((error) => (error ? describeActionError(error, failure) : null));
    },
    [performMany],
  );

  return { run, attemptEach, busy: running > 0 };
}
