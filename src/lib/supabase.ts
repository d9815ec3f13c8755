/**
 * The supabase-js clients. The app's one client keeps its session in localStorage so a returning
 * user opens the app offline, and a copy in IndexedDB for the service worker
 * (session-storage.ts); tokens refresh automatically while online. src/main.tsx hands it to the
 * session (auth, in src/data) and to sync/ (everything else on the backend), once the session's
 * code is loaded (src/data/session-deferred.ts).
 *
 * The service worker makes its own (`workerSupabase`) for each background push: the same
 * session, read from the IndexedDB copy, renewed there when it has expired, and no timers.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { appEnv } from './app-env';
import { AUTH_STORAGE_KEY, type AppEnv } from './env';
import { indexedDbStorage, sharedSessionStorage, type AsyncStorage } from './session-storage';

let client: SupabaseClient | null = null;

export function supabase(): SupabaseClient {
  client ??= createClient(appEnv.supabaseUrl, appEnv.supabaseAnonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      storageKey: AUTH_STORAGE_KEY,
      storage: sharedSessionStorage(window.localStorage, indexedDbStorage()),
    },
  });
  return client;
}

/**
 * A client for one background push in the service worker (no localStorage, no window): the
 * session from `storage` (the IndexedDB copy), renewed there when it has expired.
 */
export function workerSupabase(
  storage: AsyncStorage = indexedDbStorage(),
  env: Pick<AppEnv, 'supabaseUrl' | 'supabaseAnonKey'> = appEnv,
  fetchImpl?: typeof fetch,
): SupabaseClient {
  return createClient(env.supabaseUrl, env.supabaseAnonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: AUTH_STORAGE_KEY,
      storage,
    },
    ...(fetchImpl ? { global: { fetch: fetchImpl } } : {}),
  });
}
