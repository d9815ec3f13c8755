// A supabase-js client for the integration tests, pointed at a local server. Its Realtime client
// speaks through the `ws` package's WebSocket, which is what a Node client has on every Node
// version (Node 20 has no global WebSocket without a flag).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';

export function createTestClient(
  url: string,
  options: { heartbeatIntervalMs?: number } = {},
): SupabaseClient {
  return createClient(url, 'local-anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never, ...options },
  });
}
