/**
 * The one supabase-js client of the app. Sessions persist in localStorage so a returning user
 * opens the app offline; tokens refresh automatically while online. src/main.tsx hands it to the
 * session (auth, in src/data) and to sync/ (everything else on the backend), once the session's
 * code is loaded (src/data/session-deferred.ts).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { appEnv } from './app-env';
import { AUTH_STORAGE_KEY } from './env';

let client: SupabaseClient | null = null;

export function supabase(): SupabaseClient {
  client ??= createClient(appEnv.supabaseUrl, appEnv.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, storageKey: AUTH_STORAGE_KEY },
  });
  return client;
}
