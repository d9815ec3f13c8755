/**
 * What a device sends, as one step: the outbox (push.ts), then the photos of the work
 * (photo-upload.ts). The engine runs it at the start of every pass while the app is open
 * (engine.ts); the service worker runs it with the app closed when the network returns
 * (background-push.ts, issue 32). Both hold the same Web Lock, named by `syncLockName`, so one
 * context at a time sends a user's changes; the mutation ids and the server's ledger keep each
 * change applied once whoever sends it.
 */
import type { ChairsideDatabase } from '../src/data/db';
import { uploadPhotos, type PhotoStore } from './photo-upload';
import { pushOutbox, type PushStop } from './push';
import type { AuthPort, Transport } from './transport';

/** The Web Lock one user's sending is done under, in every tab and in the service worker. */
export function syncLockName(userId: string): string {
  return `chairside-sync-${userId}`;
}

/** Sends the user's queued changes, then their photos; `stop` says why it ended early. */
export async function pushChanges(
  db: ChairsideDatabase,
  userId: string,
  transport: Transport,
  auth: AuthPort,
  photos?: PhotoStore,
): Promise<{ stop?: PushStop }> {
  const pushed = await pushOutbox(db, userId, transport, auth);
  if (pushed.stop) return { stop: pushed.stop };
  // Photos after the outbox: the ticket or installation they belong to is on the server first.
  if (photos) {
    const uploaded = await uploadPhotos(db, userId, photos);
    if (uploaded.stop?.kind === 'auth') {
      const refreshed = await auth.refresh();
      if (refreshed === 'refused') {
        return { stop: { kind: 'signInRequired', reason: uploaded.stop.reason } };
      }
    }
    if (uploaded.stop) return { stop: { kind: 'transient', reason: uploaded.stop.reason } };
  }
  return {};
}
