// Fixed-window rate limits for the local auth endpoints, shaped like GoTrue's: a key (an IP, an
// e-mail) may spend `limit` attempts per `windowMs`; past that the caller is told, with the
// seconds until the window ends, and nothing else runs. In memory: one server process, as the
// local stand-in is; a hosted project has GoTrue's own limits.

export interface RateLimit {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Seconds until `key` may try again, or 0 when it may try now. */
  retryAfter(key: string, now?: number): number;
  /** Counts one attempt for `key`. */
  hit(key: string, now?: number): void;
  /** Forgets `key` (e.g. after a successful sign-in). */
  reset(key: string): void;
}

interface Window {
  startedAt: number;
  count: number;
}

/** Windows are dropped once they end, so memory follows the keys active in one window. */
export function createRateLimiter({ limit, windowMs }: RateLimit): RateLimiter {
  const windows = new Map<string, Window>();
  let lastSweep = 0;

  function current(key: string, now: number): Window | undefined {
    if (now - lastSweep > windowMs) {
      for (const [k, w] of windows) if (now - w.startedAt >= windowMs) windows.delete(k);
      lastSweep = now;
    }
    const window = windows.get(key);
    if (window && now - window.startedAt >= windowMs) {
      windows.delete(key);
      return undefined;
    }
    return window;
  }

  return {
    retryAfter(key, now = Date.now()) {
      const window = current(key, now);
      if (!window || window.count < limit) return 0;
      return Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
    },
    hit(key, now = Date.now()) {
      const window = current(key, now);
      if (window) window.count += 1;
      else windows.set(key, { startedAt: now, count: 1 });
    },
    reset(key) {
      windows.delete(key);
    },
  };
}

export interface AuthRateLimits {
  /** Failed sign-ins per e-mail address. */
  failedSignInsPerEmail: RateLimit;
  /** Failed sign-ins per client IP, whatever the address. */
  failedSignInsPerIp: RateLimit;
  /** Sign-ups per client IP. */
  signUpsPerIp: RateLimit;
  /** Sign-up attempts per e-mail address. */
  signUpsPerEmail: RateLimit;
  /** Refresh-token grants per client IP. */
  refreshesPerIp: RateLimit;
}

const MINUTE = 60_000;

/** GoTrue-like defaults: generous for people, tight for a script guessing passwords. */
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  failedSignInsPerEmail: { limit: 10, windowMs: 15 * MINUTE },
  failedSignInsPerIp: { limit: 30, windowMs: 5 * MINUTE },
  signUpsPerIp: { limit: 30, windowMs: 5 * MINUTE },
  signUpsPerEmail: { limit: 5, windowMs: 15 * MINUTE },
  refreshesPerIp: { limit: 150, windowMs: 5 * MINUTE },
};
