/**
 * A live query of the mirror shared by every screen that asks for it by the same key, and kept a
 * while after the last one leaves. The admin's and vendor's lists join the whole generated set
 * (50k tickets with their customers and chairs): read once, the joined rows serve the next screen
 * that needs them at once instead of reading IndexedDB again, and stay current because the one
 * live query keeps running (Dexie re-runs it when a table it read changes).
 *
 * `useMirror` (one query per component) stays the way for small reads; this is for the big ones.
 */
import { liveQuery, type Subscription } from 'dexie';
import { useCallback, useSyncExternalStore } from 'react';
import type { ChairsideDatabase } from '../db';
import { useSession } from '../session-context';

/** How long a query no screen shows keeps running, for the screen the user goes to next. */
export const SHARED_QUERY_KEEP_MS = 2 * 60 * 1000;

interface Shared<T> {
  value: T | undefined;
  error: unknown;
  listeners: Set<() => void>;
  subscription: Subscription | null;
  idle: ReturnType<typeof setTimeout> | null;
}

const byDatabase = new WeakMap<ChairsideDatabase, Map<string, Shared<unknown>>>();

function shared<T>(
  db: ChairsideDatabase,
  key: string,
  query: (db: ChairsideDatabase) => Promise<T>,
): Shared<T> {
  let queries = byDatabase.get(db);
  if (!queries) {
    queries = new Map();
    byDatabase.set(db, queries);
  }
  let entry = queries.get(key) as Shared<T> | undefined;
  if (!entry) {
    entry = { value: undefined, error: null, listeners: new Set(), subscription: null, idle: null };
    queries.set(key, entry as Shared<unknown>);
  }
  const self = entry;
  if (!self.subscription) {
    const notify = () => {
      for (const listener of self.listeners) listener();
    };
    self.subscription = liveQuery(() => query(db)).subscribe({
      next: (value) => {
        self.value = value;
        self.error = null;
        notify();
      },
      error: (error: unknown) => {
        self.error = error;
        notify();
      },
    });
    // Started by a render that may never commit: it stops unless a screen subscribes.
    stopWhenIdle(self);
  }
  return self;
}

function stopWhenIdle<T>(entry: Shared<T>) {
  if (entry.idle || entry.listeners.size > 0) return;
  entry.idle = setTimeout(() => {
    entry.idle = null;
    if (entry.listeners.size > 0) return;
    entry.subscription?.unsubscribe();
    entry.subscription = null;
    entry.value = undefined;
  }, SHARED_QUERY_KEEP_MS);
}

function subscribe<T>(entry: Shared<T>, listener: () => void): () => void {
  if (entry.idle) clearTimeout(entry.idle);
  entry.idle = null;
  entry.listeners.add(listener);
  return () => {
    entry.listeners.delete(listener);
    stopWhenIdle(entry);
  };
}

const noSubscription = () => () => {};

/**
 * The query's latest result for the signed-in user's mirror; `undefined` while it first loads
 * (or when nobody is signed in). `query` must depend on nothing but the database: the key names
 * it. A failed read is thrown, as `useLiveQuery` does, for the error boundary.
 */
export function useSharedMirror<T>(
  key: string,
  query: (db: ChairsideDatabase) => Promise<T>,
): T | undefined {
  const state = useSession();
  const db = state.status === 'signedIn' ? state.db : null;
  const entry = db ? shared(db, key, query) : null;
  const onChange = useCallback(
    (listener: () => void) => (entry ? subscribe(entry, listener) : noSubscription()),
    [entry],
  );
  const value = useSyncExternalStore(onChange, () => entry?.value);
  if (entry?.error) throw entry.error;
  return value;
}
