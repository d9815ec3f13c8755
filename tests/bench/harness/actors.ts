// The person making a change in a bench: a signed-in supabase-js client in the bench's process,
// and one of the app's mutations sent as the outbox sends it (its RPC, with a new mutation id).
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { demoAccount, type DemoRole } from '../../../src/domain/demo-accounts';
import { rpcName } from '../../../src/domain/mutations';

/** The demo account of `role`, signed in to the server at `url`. */
export async function actor(url: string, role: DemoRole): Promise<SupabaseClient> {
  const client = createClient(url, 'local-anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await client.auth.signInWithPassword(demoAccount(role));
  if (error) throw error;
  return client;
}

/** Sends mutation `name` with `args`; throws with the server's message when it is refused. */
export async function op(
  client: SupabaseClient,
  name: Parameters<typeof rpcName>[0],
  args: object,
): Promise<void> {
  const { error } = await client.rpc(rpcName(name), { mutation_id: randomUUID(), args });
  if (error) throw new Error(`${name}: ${error.message}`);
}
