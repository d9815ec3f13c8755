/**
 * The service worker (vite-plugin-pwa's injectManifest builds it into dist/sw.js, a file of its
 * own: none of it is in the app's entry).
 *
 *  - Offline start, as the generated worker did before it: every built file precached (the globs
 *    of vite.config.ts), old precaches cleaned up, navigations answered with index.html (but
 *    /auth/, /rest/ and /docs/), the technical reference's documents kept stale-while-revalidate
 *    in 'chairside-docs' (src/data/offline-docs.ts), and control of open pages at once.
 *  - The update flow: a new version waits until the page asks it to take over
 *    (src/app/update-prompt.tsx, workbox-window's messageSkipWaiting).
 *  - Background Sync (issue 32): the outbox's sync, registered by the engine when changes wait
 *    for the network (sync/background-sync.ts), sends them when the network returns, with the
 *    app closed or not (sync/background-push.ts).
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { OUTBOX_SYNC_TAG } from '../sync/background-sync';
import { pushInBackgroundRetrying, workerPushDeps } from '../sync/background-push';

/** The parts of the service worker's global scope used here (the DOM lib does not have them). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}
interface ServiceWorkerScope {
  __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
  navigator: { locks?: LockManager };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
}
declare const self: ServiceWorkerScope;

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/auth\//, /^\/rest\//, /^\/docs\//],
  }),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/docs/'),
  // DOCS_CACHE in src/data/offline-docs.ts (not imported: that module is the page's, with React).
  new StaleWhileRevalidate({ cacheName: 'chairside-docs' }),
);

self.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    pushInBackgroundRetrying(workerPushDeps(self)).then((outcome) => {
      // Tried a few times seconds apart; still failing, the sync is fired again later by the
      // browser (with its own backoff of minutes, a few times).
      if (outcome === 'later') throw new Error('The changes could not be sent yet');
    }),
  );
});
