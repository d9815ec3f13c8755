// The person making a change in a bench: a signed-in supabase-js client in the bench's process,
// and one of the app's mutations sent as the outbox sends it (its RPC, with a new mutation id);
// and a new account of a role on a generated data set's server, for a bench's browser to sign in.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { demoAccount, type DemoRole } from '../../../src/domain/demo-accounts';
import { rpcName } from '../../../src/domain/mutations';
import type { Role } from '../../../src/domain/schemas/common';

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

/**
 * An account of `role` through GoTrue's sign-up (the app's own sign-up form does the same), taking
 * over the generated user `takenOver` when given.
 */
export async function signUp(
  baseUrl: string,
  role: Role,
  label: string,
  takenOver: string | null,
  password: string,
): Promise<{ email: string; id: string }> {
  const email = takenOver ?? `bench.app.${role.toLowerCase()}.${label}.${Date.now()}@example.com`;
  const response = await fetch(`${baseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'local-anon-key' },
    body: JSON.stringify({ email, password, data: { name: `Bench ${role} ${label}`, role } }),
  });
  const body = (await response.json()) as { user?: { id?: string }; id?: string };
  const id = body.user?.id ?? body.id;
  if (!response.ok || !id) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
  return { email, id };
}
