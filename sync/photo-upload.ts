/**
 * Uploads the engineer's photos of the work to Storage (issue 20), oldest first, with the outbox's
 * rules: a transient failure (no network, a timeout, a 5xx such as the server being out of space)
 * stops the round and is retried with the engine's backoff; a refusal is kept on the photo, in
 * words, and the photo stays on the device. An upload answered 409 was already made (a lost
 * answer): it counts as done, so a photo is uploaded once. Nothing is ever deleted here.
 */
import type { ChairsideDatabase, PhotoRecord } from '../src/data/db';
import { classify, type BackendResponse } from './classify';

/** Storage as the uploader needs it; supabase-transport.ts implements it over supabase-js. */
export interface PhotoStore {
  upload(path: string, blob: Blob, contentType: string): Promise<BackendResponse>;
}

export type UploadStop = { kind: 'transient' | 'auth'; reason: string };

export async function uploadPhotos(
  db: ChairsideDatabase,
  userId: string,
  store: PhotoStore,
): Promise<{ uploaded: number; stop?: UploadStop }> {
  const pending = (await db.photos.where('status').equals('pending').sortBy('createdAt')).filter(
    (photo) => photo.userId === userId,
  );
  let uploaded = 0;
  for (const photo of pending) {
    const response = await store.upload(photo.path, photo.blob, photo.type);
    const alreadyThere = response.status === 409;
    const outcome = alreadyThere ? ({ kind: 'accepted' } as const) : classify(response);
    if (outcome.kind === 'accepted') {
      await update(db, photo, { status: 'uploaded', uploadedAt: new Date().toISOString() });
      uploaded += 1;
      continue;
    }
    if (outcome.kind === 'rejected') {
      await update(db, photo, { status: 'rejected', lastError: outcome.message });
      continue;
    }
    await update(db, photo, { attempts: photo.attempts + 1, lastError: outcome.reason });
    return { uploaded, stop: { kind: outcome.kind, reason: outcome.reason } };
  }
  return { uploaded };
}

function update(db: ChairsideDatabase, photo: PhotoRecord, patch: Partial<PhotoRecord>) {
  return db.photos.update(photo.id, patch);
}
