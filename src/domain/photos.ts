// Photos of the work (issue 20): where they go in Storage and what the user is told about them.
// Pure: names and words only; src/data keeps the photos, sync/ uploads them.

/** The private Storage bucket of service photos (migration 20261123000014_storage.sql). */
export const PHOTO_BUCKET = 'service-photos';

/** The work a photo belongs to, as its Storage folder names it. */
export type PhotoWork = 'tickets' | 'installations';

/** A photo's Storage object name: '<work>/<work id>/<photo id>.jpg'. */
export function photoPath(work: PhotoWork, workId: string, photoId: string): string {
  return `${work}/${workId}/${photoId}.jpg`;
}

/** The Storage folder of one piece of work's photos. */
export function photoFolder(work: PhotoWork, workId: string): string {
  return `${work}/${workId}`;
}

/** The device has no room left for the photo: the user's to fix, so say so. */
export const DEVICE_STORAGE_FULL =
  'This device is out of storage space. Free some space, then take the photo again.';

/** Whether an error is the browser refusing to store for lack of space. */
export function isStorageFull(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'QuotaExceededError' ||
      (error as { inner?: { name?: string } }).inner?.name === 'QuotaExceededError' ||
      /quota/i.test(error.message))
  );
}
