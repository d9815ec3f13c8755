// A supabase-js client for the integration tests, pointed at a local server.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

// Realtime is never connected here; Node 20 has no global WebSocket without a flag, so
// realtime-js gets an inert stand-in when the native one is missing.
const realtimeTransport = (globalThis.WebSocket ?? class InertWebSocket {}) as never;

export function createTestClient(url: string): SupabaseClient {
  return createClient(url, 'local-anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: realtimeTransport },
  });
}
