/**
 * Background Sync, the page's side (issue 32): where the browser has the Background Sync API
 * (SyncManager: Chromium-based browsers), the engine registers a one-off sync when changes are
 * left waiting for the network, and the service worker (src/sw.ts, background-push.ts) sends
 * them when the network returns, whether the app is still open or not. Where the API is missing
 * there is no port and nothing is registered: the changes go the next time the app is open and
 * online, as before.
 */

/** The tag of the one sync the outbox registers; the service worker answers this tag only. */
export const OUTBOX_SYNC_TAG = 'chairside-outbox';

/** What the engine needs: ask for a sync. Re-registering a waiting tag is one sync. */
export interface BackgroundSyncPort {
  register(): Promise<void>;
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** What of the browser the port uses (tests pass their own). */
export interface BackgroundSyncBrowser {
  /** Whether the browser has the Background Sync API ('SyncManager' in window). */
  hasSyncManager: boolean;
  /** The app's service worker registration, if there is one. */
  registration(): Promise<SyncRegistration | undefined>;
}

function thisBrowser(): BackgroundSyncBrowser | null {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return null;
  if (!('serviceWorker' in navigator)) return null;
  return {
    hasSyncManager: 'SyncManager' in window,
    registration: () => navigator.serviceWorker.getRegistration() as Promise<SyncRegistration>,
  };
}

/** The port, or undefined where the browser has no Background Sync (nothing is registered). */
export function backgroundSync(
  browser: BackgroundSyncBrowser | null = thisBrowser(),
): BackgroundSyncPort | undefined {
  if (!browser?.hasSyncManager) return undefined;
  return {
    async register() {
      // No service worker (the dev server, a worker not installed yet): nothing to ask.
      const registration = await browser.registration();
      await registration?.sync?.register(OUTBOX_SYNC_TAG);
    },
  };
}
