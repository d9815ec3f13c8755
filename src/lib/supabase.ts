/**
 * The one supabase-js client of the app. Sessions persist in localStorage so a returning user
 * opens the app offline; tokens refresh automatically while online. src/main.tsx hands it to the
 * session (auth, in src/data) and to sync/ (everything else on the backend).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { parseEnv, type AppEnv } from './env';

export const appEnv: AppEnv = parseEnv(import.meta.env, window.location.origin);

let client: SupabaseClient | null = null;

export function supabase(): SupabaseClient {
  client ??= createClient(appEnv.supabaseUrl, appEnv.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, storageKey: 'chairside-auth' },
  });
  return client;
}
