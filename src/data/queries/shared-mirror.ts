/**
 * A live query of the mirror shared by every screen that asks for it by the same key, and kept a
 * while after the last one leaves. The admin's and vendor's lists join the whole generated set
 * (50k tickets with their customers and chairs): read once, the joined rows serve the next screen
 * that needs them at once instead of reading IndexedDB again, and stay current because the one
 * query keeps running while any screen shows it.
 *
 * Such a join takes seconds at fleet size, so it is not re-run on every write the way a Dexie
 * live query is: while a first sync lands 84k rows in ~340 commits, that would read the whole set
 * again after each one and starve the sync of IndexedDB (a vendor's first sync on the Ticket
 * Assignment screen did not finish in 20 minutes). A write to a mirrored table marks the result
 * stale; the next read starts once the last one is over and a pause twice its length has passed,
 * so the reads take at most a third of the time while rows land, and a small query (a few ms)
 * still follows each change at once. The last write is always read.
 *
 * A query may give a first part of its result before the whole (`progress`, a list's first page:
 * list-read.ts); only its first read does: a later read keeps the last whole result on screen
 * until it has the next, and is given it (`previous`) to keep what did not change.
 *
 * From a write marking a result stale to the end of its next read, the query counts as one of the
 * shown screen's reads (screen-reads.ts).
 *
 * `useMirror` (one query per component) stays the way for small reads; this is for the big ones.
 */
import Dexie, { RangeSet, type ObservabilitySet } from 'dexie';
import { useCallback } from 'react';
import { ENTITY_TABLES } from '../../domain/entities';
import type { ChairsideDatabase } from '../db';
import { MIRROR_STATE_KEYS } from '../mirror-state';
import { screenRead } from '../screen-reads';
import { useSession } from '../session-context';
import { useStoreValue } from '../use-store-value';

/** How long a query no screen shows keeps running, for the screen the user goes to next. */
export const SHARED_QUERY_KEEP_MS = 2 * 60 * 1000;

/** The longest pause before a stale result is read again, however slow the last read was. */
export const SHARED_QUERY_MAX_PAUSE_MS = 5_000;

/**
 * The mirrored tables (a shared query reads these; outbox and shadows it does not, and of meta
 * only the mirror's state: whether its first sync is complete, the server's counts till then).
 */
const MIRRORED = new Set<string>(ENTITY_TABLES);

/** True when a write committed to `db` touched what a shared query reads (in this tab or another). */
function touchesMirror(db: ChairsideDatabase, parts: ObservabilitySet): boolean {
  const prefix = `idb://${db.name}/`;
  return Object.entries(parts).some(([part, keys]) => {
    if (!part.startsWith(prefix)) return false;
    const [table, index] = part.slice(prefix.length).split('/');
    if (MIRRORED.has(table ?? '')) return true;
    // meta's primary keys written: a cursor with every page, the mirror's state now and then.
    if (table !== 'meta' || (index !== '' && index !== ':dels')) return false;
    const written = RangeSet(keys);
    return MIRROR_STATE_KEYS.some((key) => written.hasKey(key));
  });
}

/** What a shared query's read is given besides the database. */
export interface SharedRead<T> {
  /** On the first read only: takes a first part of the result (a list's first page). */
  progress?: (part: T) => void;
  /** On a later read: the last whole result, whose unchanged parts the new one may keep. */
  previous?: T;
}

/** A shared query: reads the mirror. */
export type SharedQuery<T> = (db: ChairsideDatabase, read: SharedRead<T>) => Promise<T>;

interface Subscription {
  unsubscribe(): void;
}

/**
 * Runs `query` now and again after each write to a mirrored table of `db`: one read at a time,
 * each started a pause of twice the last read's length after it (at most
 * SHARED_QUERY_MAX_PAUSE_MS), every write made during a read or a pause read by the next one.
 */
function watchMirror<T>(
  db: ChairsideDatabase,
  query: SharedQuery<T>,
  next: (value: T) => void,
  error: (error: unknown) => void,
): Subscription {
  let stopped = false;
  let reading = false;
  let stale = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastReadMs = 0;
  let lastReadEnd = 0;
  let whole: { value: T } | null = null;
  /** From a read asked for (a write marked the result stale) to its end: the screen's read. */
  let screenReadEnds: (() => void) | null = null;
  const read = async () => {
    timer = null;
    reading = true;
    screenReadEnds ??= screenRead();
    stale = false;
    const started = performance.now();
    const progress = whole
      ? undefined
      : (part: T) => {
          if (!stopped) next(part);
        };
    try {
      const value = await query(db, whole ? { previous: whole.value } : { progress });
      whole = { value };
      if (!stopped) next(value);
    } catch (failure) {
      if (!stopped) error(failure);
    }
    lastReadEnd = performance.now();
    lastReadMs = lastReadEnd - started;
    reading = false;
    if (stale) schedule();
    if (!timer) {
      screenReadEnds?.();
      screenReadEnds = null;
    }
  };
  const schedule = () => {
    if (stopped || reading || timer) return;
    screenReadEnds ??= screenRead();
    // The pause follows the last read: a write long after it is read at once.
    const pause = Math.min(2 * lastReadMs, SHARED_QUERY_MAX_PAUSE_MS);
    timer = setTimeout(() => void read(), Math.max(0, lastReadEnd + pause - performance.now()));
  };
  const onWrite = (parts: ObservabilitySet) => {
    if (!touchesMirror(db, parts)) return;
    stale = true;
    schedule();
  };
  Dexie.on('storagemutated', onWrite);
  void read();
  return {
    unsubscribe() {
      stopped = true;
      if (timer) clearTimeout(timer);
      screenReadEnds?.();
      Dexie.on.storagemutated.unsubscribe(onWrite);
    },
  };
}

interface Shared<T> {
  value: T | undefined;
  error: unknown;
  listeners: Set<() => void>;
  subscription: Subscription | null;
  idle: ReturnType<typeof setTimeout> | null;
}

const byDatabase = new WeakMap<ChairsideDatabase, Map<string, Shared<unknown>>>();

function shared<T>(db: ChairsideDatabase, key: string, query: SharedQuery<T>): Shared<T> {
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
    self.subscription = watchMirror(
      db,
      query,
      (value) => {
        self.value = value;
        self.error = null;
        notify();
      },
      (error) => {
        self.error = error;
        notify();
      },
    );
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
export function useSharedMirror<T>(key: string, query: SharedQuery<T>): T | undefined {
  const state = useSession();
  const db = state.status === 'signedIn' ? state.db : null;
  const entry = db ? shared(db, key, query) : null;
  const onChange = useCallback(
    (listener: () => void) => (entry ? subscribe(entry, listener) : noSubscription()),
    [entry],
  );
  const get = useCallback(() => entry?.value, [entry]);
  const value = useStoreValue(onChange, get);
  if (entry?.error) throw entry.error;
  return value;
}

/** A small result as text, Maps by their entries (to tell whether a read changed anything). */
const asText = (value: unknown) =>
  JSON.stringify(value, (_key, part: unknown) => (part instanceof Map ? [...part] : part));

/**
 * A shared query with a small result (a few dozen figures) that most writes leave as it was (a
 * page of a first sync that moves no count): its last result, the same object, when the new read
 * says the same, so the screens showing it do not render again.
 */
export function keepingSame<T>(query: (db: ChairsideDatabase) => Promise<T>): SharedQuery<T> {
  return async (db, { previous } = {}) => {
    const next = await query(db);
    return previous !== undefined && asText(previous) === asText(next) ? previous : next;
  };
}
