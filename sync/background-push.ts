/**
 * Background Sync, the service worker's side (issue 32): when the browser fires the outbox's sync
 * (the network is back), the changes queued on this device go to the server, even with every page
 * of the app closed. It is the engine's sending step (push-changes.ts: the outbox in order, then
 * the photos) with the engine's guarantees: the same lock, so one sender at a time across the
 * service worker and open tabs; the outbox's mutation ids, so the server's ledger applies each
 * change once whoever sends it and however often; a refusal lands in 'needs attention' in the
 * user's mirror, where the app shows it when it opens.
 *
 * Whose changes: those of the user whose session is stored on the device (the IndexedDB copy,
 * src/lib/session-storage.ts), under that session, renewed if its access token has expired. No
 * session (signed out), or one the server no longer takes: nothing is sent, and the changes wait
 * for the user's next sign-in, as they do today.
 *
 * No window, no document, no React and no live queries: it runs in a worker.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import Dexie from 'dexie';
import { databaseName, openLocalDatabase, type ChairsideDatabase } from '../src/data/db';
import { AUTH_STORAGE_KEY } from '../src/lib/env';
import { indexedDbStorage, sessionUserId, type AsyncStorage } from '../src/lib/session-storage';
import { workerSupabase } from '../src/lib/supabase';
import type { PhotoStore } from './photo-upload';
import { backoffDelay } from './backoff';
import { pushChanges, syncLockName } from './push-changes';
import { supabaseAuth, supabasePhotoStore, supabaseTransport } from './supabase-transport';
import type { AuthPort, Transport } from './transport';

/**
 * How a background push ended: `sent` (nothing left to send for now, refusals included),
 * `nothing` (no session, no mirror or nothing queued), `later` (the network or the server failed
 * again: the browser should fire the sync again), `signInRequired` (the session is over; the
 * changes wait for the user's next sign-in).
 */
export type BackgroundOutcome = 'sent' | 'nothing' | 'later' | 'signInRequired';

/** The backend as the stored session's user. */
export interface BackgroundBackend {
  transport: Transport;
  auth: AuthPort;
  photos?: PhotoStore;
}

export interface BackgroundPushDeps {
  /** The id of the user whose session is stored on this device, or null (signed out). */
  storedUserId(): Promise<string | null>;
  /** That user's mirror, or null when the device has none. */
  openMirror(userId: string): Promise<ChairsideDatabase | null>;
  /** The backend for this push. */
  backend(): BackgroundBackend;
  /** The origin's Web Locks (self.navigator.locks); without them, no other sender can exist. */
  locks?: LockManager;
}

export async function pushInBackground(deps: BackgroundPushDeps): Promise<BackgroundOutcome> {
  const userId = await deps.storedUserId();
  if (!userId) return 'nothing';
  const db = await deps.openMirror(userId);
  if (!db) return 'nothing';
  try {
    const send = () => sendQueued(db, userId, deps);
    // The same lock as the engine's passes: an open tab sending now finishes first, and what is
    // still pending after it is sent here (an empty outbox sends nothing).
    return deps.locks ? await deps.locks.request(syncLockName(userId), send) : await send();
  } finally {
    db.close();
  }
}

/**
 * How many times one sync event tries, a few seconds apart, before it leaves the rest to the
 * browser. Chromium fires a failed sync again only minutes later (and a few times at most), while
 * a network that has just come back often fails the first request or two: the worker's network
 * can lag behind the page's, and a tablet's radio takes a moment. The waits are the engine's
 * backoff (1, 2, 4 and 8 s windows with jitter): under 15 s in all, far within the time a browser
 * gives a sync event.
 */
export const SYNC_EVENT_ATTEMPTS = 5;

/**
 * pushInBackground, tried again after the engine's backoff while the outcome is 'later', up to
 * `attempts` times in all; the last outcome is the event's.
 */
export async function pushInBackgroundRetrying(
  deps: BackgroundPushDeps,
  {
    attempts = SYNC_EVENT_ATTEMPTS,
    wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  }: { attempts?: number; wait?: (ms: number) => Promise<void> } = {},
): Promise<BackgroundOutcome> {
  let outcome = await pushInBackground(deps);
  for (let failures = 1; outcome === 'later' && failures < attempts; failures += 1) {
    await wait(backoffDelay(failures));
    outcome = await pushInBackground(deps);
  }
  return outcome;
}

async function sendQueued(
  db: ChairsideDatabase,
  userId: string,
  deps: BackgroundPushDeps,
): Promise<BackgroundOutcome> {
  const [changes, photoCount] = await Promise.all([
    db.outbox.where('status').equals('pending').count(),
    db.photos.where('status').equals('pending').count(),
  ]);
  if (changes + photoCount === 0) return 'nothing';
  const { transport, auth, photos } = deps.backend();
  // Reads the stored session and renews it first when its access token has expired.
  const sessionUser = await auth.currentUserId();
  if (sessionUser === 'offline') return 'later';
  // Never one user's queue under another identity; no session: wait for the next sign-in.
  if (sessionUser !== userId) return 'signInRequired';
  const { stop } = await pushChanges(db, userId, transport, auth, photos);
  if (stop?.kind === 'transient') return 'later';
  if (stop?.kind === 'signInRequired') return 'signInRequired';
  return 'sent';
}

/**
 * The service worker's dependencies: the stored session (`sessions`, the IndexedDB copy), the
 * user's mirror, and a supabase-js client over that session for each push (`client`).
 */
export function workerPushDeps(
  scope: { navigator: { locks?: LockManager } },
  sessions: AsyncStorage = indexedDbStorage(),
  client: () => SupabaseClient = () => workerSupabase(sessions),
): BackgroundPushDeps {
  return {
    storedUserId: async () => sessionUserId(await sessions.getItem(AUTH_STORAGE_KEY)),
    async openMirror(userId) {
      // Opening a mirror that is not there would create an empty one.
      if (!(await Dexie.exists(databaseName(userId)))) return null;
      return openLocalDatabase(userId);
    },
    backend() {
      const supabase = client();
      return {
        // The browser fired the sync because the network is back: every request is tried (the
        // worker's navigator.onLine can lag behind), and a real failure is 'later'.
        transport: supabaseTransport(supabase, undefined, () => false),
        auth: supabaseAuth(supabase),
        photos: supabasePhotoStore(supabase),
      };
    },
    locks: scope.navigator.locks,
  };
}
