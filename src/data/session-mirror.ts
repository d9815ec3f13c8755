/**
 * React access to the signed-in user's mirror: useMirror for live reads of the local tables,
 * usePerform for writes (actions). Kept apart from session-context.tsx so that the screens that
 * only ask who is signed in (the sign-in page) do not load Dexie and the actions.
 */
import { startTransition, useCallback } from 'react';
import { liveQuery, type Observable } from 'dexie';
import { useObservable } from 'dexie-react-hooks';
import type { MutationName } from '../domain/mutations';
import { performMutation, performMutations, type MutationInput } from './actions';
import type { ChairsideDatabase, OutboxEntry } from './db';
import { MutationRejected } from './local-store';
import { screenRead } from './screen-reads';
import { useSession } from './session-context';

/**
 * A live query over the signed-in user's mirror: re-renders when the rows change (in this tab or
 * another). Returns `fallback` while loading or when nobody is signed in.
 *
 * Its results are drawn at a transition's priority: React draws a screen's new rows in short steps
 * it yields between (a default update is drawn in one task, up to a screen's whole render), and a
 * key typed meanwhile is handled first. dexie-react-hooks' useLiveQuery, with each result handed
 * over in startTransition. Its reads count as the shown screen's (screen-reads.ts).
 */
export function useMirror<T>(
  query: (db: ChairsideDatabase) => Promise<T> | T,
  deps: readonly unknown[],
  fallback: T,
): T {
  const state = useSession();
  const db = state.status === 'signedIn' ? state.db : null;
  // The caller's deps describe `query`, as with useEffect.
  return useObservable(
    () =>
      inTransitions(
        liveQuery(async () => {
          const end = screenRead();
          try {
            return db ? await query(db) : fallback;
          } finally {
            end();
          }
        }),
      ),
    [db, ...deps],
    fallback,
  );
}

/**
 * One record by the id a route names (`/tickets/{id}`): undefined while the record of `id` is
 * read, never the record of the id before it. useMirror keeps its last result when its deps change
 * until the new query answers, and a page keyed by its record would show the record just left,
 * and take input for it, under the new one's address meanwhile (issue 44, STYLE 13).
 */
export function useMirrorRecord<T>(
  id: string,
  query: (db: ChairsideDatabase) => Promise<T> | T,
  deps: readonly unknown[],
): T | undefined {
  const read = useMirror<{ id: string; value: T } | undefined>(
    async (db) => ({ id, value: await query(db) }),
    [id, ...deps],
    undefined,
  );
  return read?.id === id ? read.value : undefined;
}

/** `observable`, each of its values handed to its subscriber inside startTransition. */
function inTransitions<T>(observable: Observable<T>) {
  return {
    subscribe: (next: (value: T) => void, error?: (error: unknown) => void) =>
      observable.subscribe((value) => startTransition(() => next(value)), error),
    // A result Dexie already holds is taken at once, as useLiveQuery does.
    getValue: observable.getValue?.bind(observable),
    hasValue: observable.hasValue?.bind(observable),
  };
}

/** Writes through an action: validated, applied locally and queued in one transaction. */
export function usePerform() {
  const state = useSession();
  const db = state.status === 'signedIn' ? state.db : null;
  const userId = state.status === 'signedIn' ? state.user.id : null;
  return useCallback(
    <N extends MutationName>(name: N, input: MutationInput<N>): Promise<OutboxEntry> => {
      if (!db || !userId) {
        return Promise.reject(new MutationRejected('forbidden', 'Please sign in again'));
      }
      return performMutation(db, userId, name, input);
    },
    [db, userId],
  );
}

/** Writes many mutations of one kind, batched (performMutations): per input, null or its refusal. */
export function usePerformMany() {
  const state = useSession();
  const db = state.status === 'signedIn' ? state.db : null;
  const userId = state.status === 'signedIn' ? state.user.id : null;
  return useCallback(
    <N extends MutationName>(
      name: N,
      inputs: readonly MutationInput<N>[],
      onProgress?: (done: number) => void,
    ): Promise<unknown[]> => {
      if (!db || !userId) {
        const signedOut = new MutationRejected('forbidden', 'Please sign in again');
        return Promise.resolve(inputs.map(() => signedOut));
      }
      return performMutations(db, userId, name, inputs, onProgress);
    },
    [db, userId],
  );
}
