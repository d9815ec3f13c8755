/**
 * React access to the session and the mirror. Screens use these hooks, never Dexie or
 * supabase-js: useSession for who is signed in, useMirror for live reads of the local tables,
 * usePerform for writes (actions), useSyncStatus for the status bar.
 */
import {
  createContext,
  useCallback,
  useContext,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { MutationName } from '../domain/mutations';
import { performMutation, type MutationInput } from './actions';
import type { ChairsideDatabase, OutboxEntry } from './db';
import { MutationRejected } from './local-store';
import type { SessionState, SessionStore, SessionUser } from './session';
import { initialStatus, type SyncStatus } from './sync-status';

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore must be used inside <SessionProvider>');
  return store;
}

export function useSession(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}

/** The signed-in user; only for screens behind the sign-in guard. */
export function useCurrentUser(): SessionUser {
  const state = useSession();
  if (state.status !== 'signedIn') throw new Error('useCurrentUser needs a signed-in user');
  return state.user;
}

/**
 * A live query over the signed-in user's mirror: re-renders when the rows change (in this tab or
 * another). Returns `fallback` while loading or when nobody is signed in.
 */
export function useMirror<T>(
  query: (db: ChairsideDatabase) => Promise<T> | T,
  deps: readonly unknown[],
  fallback: T,
): T {
  const state = useSession();
  const db = state.status === 'signedIn' ? state.db : null;
  // The caller's deps describe `query`, as with useEffect.
  return useLiveQuery(async () => (db ? query(db) : fallback), [db, ...deps], fallback);
}

/** Changes the signed-in user's password (needs the network; see SessionStore.changePassword). */
export function useChangePassword(): (
  currentPassword: string,
  newPassword: string,
) => Promise<void> {
  const store = useSessionStore();
  return useCallback(
    (currentPassword: string, newPassword: string) =>
      store.changePassword(currentPassword, newPassword),
    [store],
  );
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

const noEngine = {
  subscribe: () => () => undefined,
  getStatus: () => initialStatus,
};

export function useSyncStatus(): SyncStatus {
  const state = useSession();
  const engine = state.status === 'signedIn' ? state.engine : noEngine;
  const subscribe = useCallback(
    (onChange: () => void) => engine.subscribe(() => onChange()),
    [engine],
  );
  const getStatus = useCallback(() => engine.getStatus(), [engine]);
  return useSyncExternalStore(subscribe, getStatus);
}

/** Retry or discard a change the server refused. */
export function useNeedsAttentionActions() {
  const state = useSession();
  const engine = state.status === 'signedIn' ? state.engine : null;
  return {
    retry: useCallback((id: string) => engine?.retry(id) ?? Promise.resolve(), [engine]),
    discard: useCallback((id: string) => engine?.discard(id) ?? Promise.resolve(), [engine]),
  };
}
