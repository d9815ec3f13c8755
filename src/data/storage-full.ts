/**
 * The device's storage is full (IndexedDB's QuotaExceededError, also when Dexie wraps it in a
 * transaction's AbortError): the user's to fix, so it is always said in words, never as the
 * screen's generic failure.
 */

/** What the sync status says when a pull could not store what it received. */
export const STORAGE_FULL =
  'This device is out of storage space. Free some space so changes can be saved.';

/** What a write says when it could not be stored: nothing of it was kept. */
export const STORAGE_FULL_NOT_SAVED =
  'This device is out of storage space, so this change was not saved. Free some space and try again.';

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  inner?: unknown;
  cause?: unknown;
}

/** Whether `error` (a DOMException is not always an Error) or what it wraps is a full device. */
export function isStorageFull(error: unknown): boolean {
  let e = error as ErrorLike | null | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    if (e.name === 'QuotaExceededError') return true;
    if (typeof e.message === 'string' && /quota/i.test(e.message)) return true;
    e = (e.inner ?? e.cause) as ErrorLike | null | undefined;
  }
  return false;
}
