/**
 * The session's view of the backend for data, over supabase-js: the signed-in user's row from
 * the server, and a sync engine for their mirror. The session (src/data/session.ts) only handles
 * auth itself; src/main.tsx hands it this backend, so src/data never imports sync/.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { SessionBackend } from '../src/data/session';
import { SyncEngine } from './engine';
import { supabaseAuth, supabaseTransport } from './supabase-transport';

export function supabaseSessionBackend(client: SupabaseClient): SessionBackend {
  return {
    async userRow(userId) {
      const { data, error } = await client
        .from('users')
        .select('name, role')
        .eq('id', userId)
        // Without an answer at once, the mirror's copy will do: no seconds of retries at sign-in.
        .retry(false)
        .maybeSingle();
      return !error && data ? (data as { name?: string; role?: string }) : null;
    },
    connect: (db, userId) =>
      new SyncEngine({
        db,
        userId,
        transport: supabaseTransport(client),
        auth: supabaseAuth(client),
      }),
  };
}
