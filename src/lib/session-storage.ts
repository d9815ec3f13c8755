/**
 * Where supabase-js keeps the signed-in session, so that the service worker can push the outbox
 * with the app closed (issue 32): a service worker has no localStorage, so the session is kept in
 * IndexedDB too.
 *
 *  - The page keeps it in both (`sharedSessionStorage`): localStorage, which public/boot.js,
 *    DeferredSession and SessionStore read synchronously at start, and the copy in IndexedDB.
 *  - The service worker keeps it in the IndexedDB copy only (`indexedDbStorage`), and writes back
 *    there the session it renews when the stored access token has expired.
 *  - Reading, the page takes the newer of the two (the later `expires_at`: a renewal always moves
 *    it on) and brings the other up to date. supabase-js reads its storage on every use of the
 *    session, so after the service worker renewed the token the page uses the new refresh token,
 *    never the one the server has already rotated (presenting a rotated token would end the
 *    session: server/auth.ts). Signing out removes both.
 *
 * Without IndexedDB (a locked-down browser) the copy reads as empty and writes do nothing: the
 * page works on localStorage alone, as before.
 */

/** supabase-js's storage interface, asynchronous (it accepts both). */
export interface AsyncStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** The database of the session's copy, apart from the users' mirrors (one per user). */
export const SESSION_DATABASE = 'chairside-session';
export const SESSION_STORE = 'items';
const STORE = SESSION_STORE;

/** Key-value storage in one IndexedDB object store; failures read as empty and write nothing. */
export function indexedDbStorage(
  factory: IDBFactory | null = globalThis.indexedDB ?? null,
  name = SESSION_DATABASE,
): AsyncStorage {
  let opened: Promise<IDBDatabase | null> | null = null;
  const open = (): Promise<IDBDatabase | null> => {
    opened ??= new Promise((resolve) => {
      if (!factory) return resolve(null);
      try {
        const request = factory.open(name, 1);
        request.onupgradeneeded = () => request.result.createObjectStore(STORE);
        request.onsuccess = () => {
          const db = request.result;
          // Another context deleting or upgrading the database: let it, and open again next time.
          db.onversionchange = () => {
            db.close();
            opened = null;
          };
          resolve(db);
        };
        request.onerror = () => resolve(null);
        request.onblocked = () => resolve(null);
      } catch {
        resolve(null);
      }
    });
    return opened;
  };
  const run = async <T>(
    mode: IDBTransactionMode,
    fallback: T,
    op: (store: IDBObjectStore) => IDBRequest,
  ): Promise<T> => {
    const db = await open();
    if (!db) return fallback;
    return new Promise<T>((resolve) => {
      try {
        const tx = db.transaction(STORE, mode);
        const request = op(tx.objectStore(STORE));
        tx.oncomplete = () => resolve((request.result as T | undefined) ?? fallback);
        tx.onerror = () => resolve(fallback);
        tx.onabort = () => resolve(fallback);
      } catch {
        resolve(fallback);
      }
    });
  };
  return {
    async getItem(key) {
      const value = await run<unknown>('readonly', null, (store) => store.get(key));
      return typeof value === 'string' ? value : null;
    },
    async setItem(key, value) {
      await run('readwrite', undefined, (store) => store.put(value, key));
    },
    async removeItem(key) {
      await run('readwrite', undefined, (store) => store.delete(key));
    },
  };
}

type SyncStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The page's storage: localStorage and the IndexedDB copy, the newer read wins (see above). */
export function sharedSessionStorage(local: SyncStorage, shared: AsyncStorage): AsyncStorage {
  return {
    async getItem(key) {
      const mine = attempt(() => local.getItem(key), null);
      const theirs = await shared.getItem(key);
      if (theirs === mine) return mine;
      if (theirs !== null && (mine === null || expiresAt(theirs) > expiresAt(mine))) {
        // Renewed by the service worker: the page takes it over.
        attempt(() => local.setItem(key, theirs), undefined);
        return theirs;
      }
      // Written by a version of the app before the copy existed (or the copy is older): copied.
      if (mine !== null) await shared.setItem(key, mine);
      return mine;
    },
    async setItem(key, value) {
      local.setItem(key, value);
      await shared.setItem(key, value);
    },
    async removeItem(key) {
      attempt(() => local.removeItem(key), undefined);
      await shared.removeItem(key);
    },
  };
}

/** The user id of a stored session (supabase-js's JSON), or null. */
export function sessionUserId(stored: string | null): string | null {
  if (!stored) return null;
  try {
    const id = (JSON.parse(stored) as { user?: { id?: unknown } } | null)?.user?.id;
    return typeof id === 'string' && id ? id : null;
  } catch {
    return null;
  }
}

/** When a stored session's access token expires (seconds), or -1 when it does not say. */
function expiresAt(stored: string): number {
  try {
    const value = (JSON.parse(stored) as { expires_at?: unknown } | null)?.expires_at;
    return typeof value === 'number' ? value : -1;
  } catch {
    return -1;
  }
}

function attempt<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
