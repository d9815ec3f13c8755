/**
 * Equipment Search's index, kept for the signed-in session so that no keystroke waits for it.
 *
 * Owns: the one EquipmentIndex of the open mirror, built in short tasks (a read of INDEX_READ
 * chairs, the owners, the sort, the search texts a slice at a time, the main thread handed back
 * between them), so a key typed meanwhile is painted at once.
 *
 * Promises:
 *  - built ahead: `useEquipmentIndexAhead` (the engineer's screens) starts it when the main thread
 *    is idle after the area opens, so Equipment Search finds it ready on its first visit;
 *  - kept across visits of the screen, and built again only after a write to the chairs or users
 *    tables (Dexie's storagemutated: this tab, another tab, the sync); a rebuild starts at once
 *    while the screen is open, else on the next visit or idle moment;
 *  - while a rebuild runs, the screen goes on searching the index it has (undefined only before
 *    the first one is built);
 *  - the active tickets of the chairs shown are counted as they are shown, live
 *    (`useShownEquipment`): read from the [status+chairId] index for those chairs alone;
 *  - one mirror at a time: another mirror (another user signed in) drops the previous index.
 */
import { Dexie, type ObservabilitySet } from 'dexie';
import { useCallback, useEffect, useRef } from 'react';
import type { ChairsideDatabase } from '../db';
import { useSession } from '../session-context';
import { useStoreValue } from '../use-store-value';
import { useMirror } from '../session-mirror';
import {
  buildEquipmentIndexInSteps,
  loadOpenTicketCounts,
  readEquipmentMatches,
  withOpenTickets,
  type EquipmentIndex,
  type EquipmentItem,
  type EquipmentMatch,
} from './equipment';

interface Keeper {
  db: ChairsideDatabase;
  index: EquipmentIndex | undefined;
  /** A write to the chairs or users tables since the index was built (or none built yet). */
  stale: boolean;
  /** The build under way, if any. */
  building: Promise<void> | null;
  listeners: Set<() => void>;
  stop: () => void;
}

let kept: Keeper | null = null;

/** The tables whose rows the index holds (chairs and their owners, users rows). */
const INDEXED_TABLES = ['chairs', 'users'];

function keeperOf(db: ChairsideDatabase): Keeper {
  if (kept?.db === db) return kept;
  kept?.stop();
  const prefixes = INDEXED_TABLES.map((table) => `idb://${db.name}/${table}/`);
  const keeper: Keeper = {
    db,
    index: undefined,
    stale: true,
    building: null,
    listeners: new Set(),
    stop: () => Dexie.on.storagemutated.unsubscribe(onMutated),
  };
  function onMutated(parts: ObservabilitySet) {
    if (!Object.keys(parts).some((part) => prefixes.some((prefix) => part.startsWith(prefix)))) {
      return;
    }
    keeper.stale = true;
    // Someone is searching: bring the index up to date; otherwise on the next visit.
    if (keeper.listeners.size > 0) void rebuild(keeper);
  }
  Dexie.on('storagemutated', onMutated);
  kept = keeper;
  return keeper;
}

/**
 * Builds the index again unless it is up to date; while a build runs, that build (it goes on
 * once more when a write came meanwhile).
 */
function rebuild(keeper: Keeper): Promise<void> {
  if (keeper.building) return keeper.building;
  if (!keeper.stale) return Promise.resolve();
  keeper.building = (async () => {
    try {
      while (keeper.stale && !keeper.db.hasBeenClosed()) {
        // A write during the build marks it stale again: the loop builds once more.
        keeper.stale = false;
        const index = await buildEquipmentIndexInSteps(await readEquipmentMatches(keeper.db));
        if (kept !== keeper) return;
        keeper.index = index;
        for (const listener of keeper.listeners) listener();
      }
    } catch (error) {
      // A closed mirror (signed out meanwhile) ends the build; anything else is a bug to see.
      keeper.stale = true;
      if (!keeper.db.hasBeenClosed()) throw error;
    } finally {
      keeper.building = null;
    }
  })();
  return keeper.building;
}

/** Builds the index of `db` when there is none or it is out of date; settles when it is built. */
export function ensureEquipmentIndex(db: ChairsideDatabase): Promise<void> {
  return rebuild(keeperOf(db));
}

/** The index for the screen: the kept one at once, a fresh one when it is built; undefined before the first. */
export function useEquipmentIndex(): EquipmentIndex | undefined {
  const state = useSession();
  const db = state.status === 'signedIn' ? state.db : null;
  const keeper = db ? keeperOf(db) : null;
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!keeper) return () => undefined;
      keeper.listeners.add(listener);
      void rebuild(keeper);
      return () => {
        keeper.listeners.delete(listener);
      };
    },
    [keeper],
  );
  const get = useCallback(() => keeper?.index, [keeper]);
  return useStoreValue(subscribe, get);
}

/**
 * The matches shown (a page of them), each with its active tickets, and how many matched: live,
 * read for those chairs alone. While the next page or search is read, the last one stays (its
 * cards never show a count not yet read); undefined before the first.
 */
export function useShownEquipment(
  shown: readonly EquipmentMatch[],
  total: number,
): { items: EquipmentItem[]; total: number } | undefined {
  // The items drawn last, by chair: one unchanged is given again, and its card not drawn again.
  const drawn = useRef<ReadonlyMap<string, EquipmentItem>>(new Map());
  return useMirror<{ items: EquipmentItem[]; total: number } | undefined>(
    async (mirror) => {
      const counts = await loadOpenTicketCounts(
        mirror,
        shown.map((match) => match.chair.id),
      );
      const items = withOpenTickets(shown, counts, drawn.current);
      drawn.current = new Map(items.map((item) => [item.chair.id, item]));
      return { items, total };
    },
    [shown, total],
    undefined,
  );
}

/** How long an idle moment is waited for before the build starts anyway. */
const AHEAD_TIMEOUT_MS = 3_000;

/**
 * Builds the index ahead, when the main thread is first idle (or after AHEAD_TIMEOUT_MS): for
 * the screens of a role that searches equipment, so the first key typed there finds it ready.
 */
export function useEquipmentIndexAhead(): void {
  const state = useSession();
  const db = state.status === 'signedIn' ? state.db : null;
  useEffect(() => {
    if (!db) return;
    const start = () => void ensureEquipmentIndex(db);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(start, { timeout: AHEAD_TIMEOUT_MS });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(start, 0);
    return () => clearTimeout(timer);
  }, [db]);
}
