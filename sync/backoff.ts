/**
 * Retry delays after transient failures: exponential from 1 s, capped at 5 minutes, with "full
 * jitter" (a random point in the upper half of the window) so many tablets regaining signal
 * together do not all hit the server in the same second.
 */
export const BASE_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 5 * 60_000;

export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const window = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(window / 2 + (random() * window) / 2);
}
