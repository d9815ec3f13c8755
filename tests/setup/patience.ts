// How long a test waits for a state before it says the state has not come: 30 s, for every wait
// that polls (testing-library's findBy*/waitFor, vi.waitFor, expect.poll in vite.config.ts).
// A wait that passes returns as soon as its state is there, so the patience costs a passing test
// nothing; it only keeps a busy machine (a laptop with a build beside it, `stress-ng --cpu 2`) from
// failing a test on time, not behaviour (issue 43). vitest's own defaults (1 s for vi.waitFor and
// expect.poll) and testing-library's (1 s) are an idle machine's. A state that never comes still
// fails, with its own message, well inside the projects' 60 s test limit.
import { vi } from 'vitest';

export const STATE_PATIENCE_MS = 30_000;

const PATIENT = Symbol.for('chairside.patient-wait-for');

type WaitFor = typeof vi.waitFor & { [PATIENT]?: true };

/** vi.waitFor with STATE_PATIENCE_MS as its default timeout (a test may still pass its own). */
export function patientWaitFor(): void {
  const waitFor = vi.waitFor as WaitFor;
  // The unit and integration projects reuse one worker's `vi` across files: wrapped once.
  if (waitFor[PATIENT]) return;
  const patient: WaitFor = (callback, options) =>
    waitFor(callback, {
      timeout: STATE_PATIENCE_MS,
      ...(typeof options === 'number' ? { timeout: options } : options),
    });
  patient[PATIENT] = true;
  vi.waitFor = patient;
}
