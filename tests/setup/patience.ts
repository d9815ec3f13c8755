// How long a test waits for a state before it says the state has not come: 30 s, for every wait
// that polls (testing-library's findBy*/waitFor, vi.waitFor, expect.poll in vite.config.ts).
// A wait that passes returns as soon as its state is there, so the patience costs a passing test
// nothing; it only keeps a busy machine (a laptop with a build beside it, `stress-ng --cpu 2`) from
// failing a test on time, not behaviour (issue 43). vitest's own defaults (1 s for vi.waitFor and
// expect.poll) and testing-library's (1 s) are an idle machine's. A state that never comes still
// fails, with its own message, inside the projects' test limits (60 s and more).
import { vi } from 'vitest';

export const STATE_PATIENCE_MS = 30_000;

const PATIENT = Symbol.for('chairside.patient-wait-for');

type WaitFor = typeof vi.waitFor & { [PATIENT]?: true };

/**
 * vi.waitFor with STATE_PATIENCE_MS as its default timeout (a test may still pass its own), and,
 * while a test fakes timers, looking on the real clock without moving the fake one: vitest's own
 * moves the fake clock 50 ms at every look, so the product's timers advanced by as much as the
 * machine was slow (a pass due in 300 ms ran during a wait for the state before it).
 */
export function patientWaitFor(): void {
  const waitFor = vi.waitFor as WaitFor;
  // The unit and integration projects reuse one worker's `vi` across files: wrapped once, while
  // the timers are the real ones (a set-up file runs before any test fakes them).
  if (waitFor[PATIENT]) return;
  const real = { setTimeout, clearTimeout, setInterval, clearInterval };
  const patient: WaitFor = (callback, options) => {
    const given = typeof options === 'number' ? { timeout: options } : options;
    const { timeout = STATE_PATIENCE_MS, interval = 50 } = given ?? {};
    if (!vi.isFakeTimers()) return waitFor(callback, { timeout, interval });
    return onRealClock(callback, timeout, interval, real);
  };
  patient[PATIENT] = true;
  vi.waitFor = patient;
}

/** vitest's waitFor, looking every `interval` ms of real time and leaving fake timers alone. */
function onRealClock<T>(
  callback: () => T | Promise<T>,
  timeout: number,
  interval: number,
  real: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval'>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let lastError: unknown;
    let pending = false;
    let done = false;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      real.clearTimeout(deadline);
      real.clearInterval(looks);
      settle();
    };
    const look = () => {
      if (pending || done) return;
      try {
        const result = callback();
        if (result instanceof Promise) {
          pending = true;
          result.then(
            (value) => finish(() => resolve(value)),
            (error: unknown) => {
              pending = false;
              lastError = error;
            },
          );
        } else finish(() => resolve(result));
      } catch (error) {
        lastError = error;
      }
    };
    const deadline = real.setTimeout(
      () => finish(() => reject(lastError ?? new Error('Timed out in waitFor!'))),
      timeout,
    );
    const looks = real.setInterval(look, interval);
    look();
  });
}
