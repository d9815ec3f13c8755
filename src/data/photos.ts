/**
 * Photos of the work on this device (issue 20): the engineer's photo is compressed and kept in
 * the mirror's `photos` table at once (offline too), shown as a thumbnail from there, and sent by
 * the sync engine (sync/photo-upload.ts) when online. Photos of work done on other devices are
 * read through Storage when a report needs them (RemotePhotos).
 */
import { useEffect, useMemo, useState } from 'react';
import { compressPhoto } from '../files/compress-photo';
import { DEVICE_STORAGE_FULL, isStorageFull, photoPath, type PhotoWork } from '../domain/photos';
import { toaster } from '../components/toaster';
import { announceLocalWrite } from './actions';
import type { ChairsideDatabase, PhotoRecord } from './db';
import { useSession } from './session-context';
import { useMirror } from './session-mirror';

/** Storage as the report needs it: the photo names in a folder, and one photo's bytes. */
export interface RemotePhotos {
  list(folder: string): Promise<string[]>;
  download(path: string): Promise<Blob>;
}

/** Compresses and keeps a photo of the work; it is uploaded at the next sync. */
export async function keepPhoto(
  db: ChairsideDatabase,
  userId: string,
  work: PhotoWork,
  workId: string,
  file: File,
  now: Date = new Date(),
): Promise<PhotoRecord> {
  const blob = await compressPhoto(file);
  const id = crypto.randomUUID();
  const record: PhotoRecord = {
    id,
    userId,
    work,
    workId,
    path: photoPath(work, workId, id),
    blob,
    type: 'image/jpeg',
    createdAt: now.toISOString(),
    status: 'pending',
    attempts: 0,
  };
  try {
    await db.photos.add(record);
  } catch (error) {
    if (isStorageFull(error)) throw new Error(DEVICE_STORAGE_FULL, { cause: error });
    throw error;
  }
  announceLocalWrite();
  return record;
}

/** The photos of one piece of work kept on this device, oldest first. */
export function loadWorkPhotos(db: ChairsideDatabase, workId: string): Promise<PhotoRecord[]> {
  return db.photos.where('workId').equals(workId).sortBy('createdAt');
}

/** A photo as the strip shows it: a thumbnail URL and where its upload stands. */
export interface PhotoThumbnail {
  id: string;
  url: string;
  status: PhotoRecord['status'];
  lastError: string | null;
}

/** The work's photos on this device with thumbnail URLs (revoked when they change); undefined while loading. */
export function useWorkPhotos(workId: string): PhotoThumbnail[] | undefined {
  const records = useMirror<PhotoRecord[] | undefined>(
    (db) => loadWorkPhotos(db, workId),
    [workId],
    undefined,
  );
  const urls = useMemo(
    () => new Map((records ?? []).map((record) => [record.id, URL.createObjectURL(record.blob)])),
    [records],
  );
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return records?.map((record) => ({
    id: record.id,
    url: urls.get(record.id) ?? '',
    status: record.status,
    lastError: record.lastError ?? null,
  }));
}

/** Adds photos to one piece of work, toasting what happened. */
export function useKeepPhoto(work: PhotoWork, workId: string) {
  const state = useSession();
  const [busy, setBusy] = useState(false);
  const keep = async (files: File[]) => {
    if (state.status !== 'signedIn' || files.length === 0) return;
    setBusy(true);
    try {
      for (const file of files) await keepPhoto(state.db, state.user.id, work, workId, file);
      toaster.create({
        type: 'success',
        title: files.length === 1 ? 'Photo added' : `${files.length} photos added`,
        description: 'Kept on this device; uploaded when online.',
      });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: 'Photo not added',
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return { keep, busy };
}
