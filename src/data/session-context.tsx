/**
 * React access to the session. Screens use these hooks, never Dexie or supabase-js: useSession
 * for who is signed in, useSyncStatus for the status bar. The mirror's hooks (useMirror for live
 * reads, usePerform for writes) are in session-mirror.ts: this module stays free of Dexie and the
 * actions, so the sign-in page loads neither.
 */
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useStoreValue } from './use-store-value';
import type { SessionState, SessionUser } from './session';
import type { SessionAccess } from './session-deferred';
import { initialStatus, type SyncStatus } from './sync-status';

const SessionContext = createContext<SessionAccess | null>(null);

/** `store`: a SessionStore, or the app's DeferredSession that loads one when needed. */
export function SessionProvider({
  store,
  children,
}: {
  store: SessionAccess;
  children: ReactNode;
}) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSessionStore(): SessionAccess {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore must be used inside <SessionProvider>');
  return store;
}

export function useSession(): SessionState {
  const store = useSessionStore();
  // The build's render of the sign-in page reads it too (signed out, as the page it hydrates).
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** The signed-in user; only for screens behind the sign-in guard. */
export function useCurrentUser(): SessionUser {
  const state = useSession();
  if (state.status !== 'signedIn') throw new Error('useCurrentUser needs a signed-in user');
  return state.user;
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
  return useStoreValue(subscribe, getStatus);
}

/**
 * Which engineers are online now (live presence, issue 28), for the vendor's screens: a set of
 * user ids, or null while it is not known (offline, or before the first presence report), so a
 * screen never says 'offline' about someone it simply cannot see.
 */
export function useOnlineEngineers(): ReadonlySet<string> | null {
  const state = useSession();
  const engine = state.status === 'signedIn' ? state.engine : null;
  // The engine's last report, as a set (one per engine: a new sign-in starts from unknown).
  const presence = useMemo(() => {
    let set: ReadonlySet<string> | null = null;
    return {
      subscribe: (onChange: () => void) =>
        engine?.subscribePresence?.((ids) => {
          set = ids ? new Set(ids) : null;
          onChange();
        }) ?? (() => undefined),
      get: () => set,
    };
  }, [engine]);
  return useStoreValue(presence.subscribe, presence.get);
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
