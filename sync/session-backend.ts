/**
 * The session's view of the backend for data, over supabase-js: the signed-in user's row from
 * the server, Warranty Activation's serial-number lookup, and a sync engine for their mirror. The
 * session (src/data/session.ts) only handles auth itself; src/main.tsx hands it this backend, so
 * src/data never imports sync/.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { screenSettled } from '../src/data/screen-reads';
import type { SessionBackend } from '../src/data/session';
import { backgroundSync } from './background-sync';
import { SyncEngine } from './engine';
import { supabaseLive } from './supabase-live';
import { supabaseAuth, supabasePhotoStore, supabaseTransport } from './supabase-transport';

/**
 * How long a new device's first sync waits at most for the home to be drawn before its second
 * stage (a vendor's home on the generated full set is drawn about 0.1 s after the first stage).
 */
const SCREEN_FIRST_MAX_MS = 1000;

export function supabaseSessionBackend(client: SupabaseClient): SessionBackend {
  const photos = supabasePhotoStore(client);
  return {
    photos,
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
    async lookupSerial(serial) {
      const { data, error } = await client
        .rpc('chair_lookup_serial', { serial })
        // A live lookup as the customer types: an answer now or none, never seconds of retries.
        .retry(false);
      if (error) throw new Error(error.message || 'Serial number lookup failed');
      return typeof data === 'string' && data ? { model: data } : null;
    },
    connect: (db, userId, role) =>
      new SyncEngine({
        db,
        userId,
        role,
        transport: supabaseTransport(client),
        auth: supabaseAuth(client),
        photos,
        live: supabaseLive(client, userId, role),
        background: backgroundSync(),
        screenFirst: () => screenSettled(SCREEN_FIRST_MAX_MS),
      }),
  };
}
