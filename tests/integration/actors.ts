// Signed-in actors and a guarded-operation caller for the integration suites: each actor is a
// supabase-js client signed up against the running local server with the role it plays.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { rpcName, type MutationName } from '../../src/domain/mutations';
import { createTestClient } from './supabase-client';

export type ActorRole = 'CUSTOMER' | 'ADMIN' | 'ENGINEER' | 'VENDOR';

export interface Actor {
  client: SupabaseClient;
  id: string;
  email: string;
  name: string;
  role: ActorRole;
}

let counter = 0;

/** Signs up a new user with the given role (sign-up metadata; self-sign-up is open by default). */
export async function signUpActor(url: string, role: ActorRole, name: string): Promise<Actor> {
  const client = createTestClient(url);
  counter += 1;
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${counter}.${Date.now()}@example.com`;
  const { data, error } = await client.auth.signUp({
    email,
    password: 'correct-horse',
    options: { data: { name, role } },
  });
  if (error || !data.user || !data.session) {
    throw new Error(`sign-up failed for ${email}: ${error?.message ?? 'no session'}`);
  }
  return { client, id: data.user.id, email, name, role };
}

export interface RpcOutcome {
  data: Record<string, unknown[]> | null;
  error: { code: string; message: string; details: string | null } | null;
  status: number;
}

/** Calls the guarded operation behind a mutation name, with a fresh id unless one is given. */
export async function callOp(
  actor: Actor,
  name: MutationName,
  args: Record<string, unknown>,
  mutationId: string = randomUUID(),
): Promise<RpcOutcome> {
  return rpcOutcome(await actor.client.rpc(rpcName(name), { mutation_id: mutationId, args }));
}

/** A supabase-js rpc answer as the suites assert on it. */
export function rpcOutcome({
  data,
  error,
  status,
}: {
  data: unknown;
  error: { code: string; message: string; details?: string | null } | null;
  status: number;
}): RpcOutcome {
  return {
    data: (data as Record<string, unknown[]> | null) ?? null,
    error: error
      ? { code: error.code, message: error.message, details: error.details ?? null }
      : null,
    status,
  };
}

/** The first row of a table in an operation's result. */
export function rowOf(outcome: RpcOutcome, table: string): Record<string, unknown> {
  const rows = outcome.data?.[table];
  if (!rows || rows.length === 0) {
    throw new Error(`no ${table} row in ${JSON.stringify(outcome)}`);
  }
  return rows[0] as Record<string, unknown>;
}

/** A new NORMAL ticket the customer raises through ticket.create; its id (throws if refused). */
export async function raiseTicket(customer: Actor, title: string): Promise<string> {
  const id = randomUUID();
  const created = await callOp(customer, 'ticket.create', {
    id,
    title,
    description: `${title}: reported by the practice manager this morning.`,
    priority: 'NORMAL',
  });
  if (created.error) throw new Error(`ticket.create refused: ${created.error.message}`);
  return id;
}
