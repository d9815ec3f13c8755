// Shared fixtures for the sync unit tests: a fresh per-user mirror, rows in mirror form, and a
// scripted transport that records every call.
import type { BackendResponse } from '../classify';
import type { AuthPort, Transport } from '../transport';
import { openLocalDatabase, type ChairsideDatabase } from '../../src/data/db';
import type { Part, SupportTicket, User } from '../../src/domain/entities';
import * as rows from '../../src/testing/rows';
import { CUSTOMER_ID, ENGINEER_ID, OTHER_ENGINEER_ID, stamped } from '../../src/testing/rows';

export { CUSTOMER_ID, ENGINEER_ID, OTHER_ENGINEER_ID };

export function freshDatabase(userId = ENGINEER_ID): ChairsideDatabase {
  // A new database per call, so tests never share rows.
  return openLocalDatabase(userId, { name: `test-${crypto.randomUUID()}` });
}

const TICKET_STAMP = stamped('2026-11-20T09:00:00.000Z');
const STOCK_STAMP = stamped('2026-11-01T09:00:00.000Z');

export function ticketRow(overrides: Partial<SupportTicket> = {}): SupportTicket {
  return rows.ticketRow({
    title: 'Chair will not recline',
    description: 'The backrest motor stalls halfway through reclining.',
    priority: 'HIGH',
    customerUserId: CUSTOMER_ID,
    ...TICKET_STAMP,
    ...overrides,
  });
}

export function partRow(overrides: Partial<Part> = {}): Part {
  return rows.partRow({ partCode: 'HP-100', price: 120, stock: 4, ...STOCK_STAMP, ...overrides });
}

export function userRow(overrides: Partial<User> = {}): User {
  return rows.userRow({
    id: OTHER_ENGINEER_ID,
    email: 'nina@example.com',
    name: 'Nina Patel',
    role: 'ENGINEER',
    ...STOCK_STAMP,
    ...overrides,
  });
}

/** Mirror row → server row (snake_case), as the backend would send it. */
export function toWire(row: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  );
}

export const ok = (data: unknown): BackendResponse => ({ status: 200, data, error: null });
export const offline: BackendResponse = {
  status: 0,
  data: null,
  error: { message: 'TypeError: fetch failed' },
};
export const refused = (code: string, message: string, status = 409): BackendResponse => ({
  status,
  data: null,
  error: { code, message, details: null },
});

export interface ScriptedTransport extends Transport {
  /** Every mutation (or other call) the handler answered, batched or not, in order. */
  calls: { fn: string; params: Record<string, unknown> }[];
  /** The requests as sent: a batch is one request. */
  requests: { fn: string; params: Record<string, unknown> }[];
}

type Handler = (
  fn: string,
  params: Record<string, unknown>,
) => BackendResponse | Promise<BackendResponse>;

/**
 * A transport answered by `handler`, one call at a time. A batch (public.ops_batch) is answered
 * the way the server does: each mutation by the handler, in order; a refusal (a 4xx other than
 * 401, 408 and 429) is that mutation's answer and the rest still run; any other answer is the
 * whole request's. `batch: false` is a server without ops_batch (404 PGRST202).
 */
export function scriptedTransport(
  handler: Handler,
  { batch = true }: { batch?: boolean } = {},
): ScriptedTransport {
  const calls: ScriptedTransport['calls'] = [];
  const requests: ScriptedTransport['requests'] = [];
  const one = (fn: string, params: Record<string, unknown>) => {
    calls.push({ fn, params });
    return handler(fn, params);
  };
  return {
    calls,
    requests,
    rpc: async (fn, params) => {
      requests.push({ fn, params });
      if (fn !== 'ops_batch') return one(fn, params);
      if (!batch) return refused('PGRST202', 'Could not find the function public.ops_batch', 404);
      const results: unknown[] = [];
      for (const item of params.mutations as { fn: string; mutation_id: string; args: unknown }[]) {
        const response = await one(item.fn, { mutation_id: item.mutation_id, args: item.args });
        const { status, error } = response;
        if (!error && status >= 200 && status < 300) results.push({ data: response.data });
        else if (status >= 400 && status < 500 && ![401, 408, 429].includes(status)) {
          results.push({ error });
        } else return response;
      }
      return ok({ results });
    },
  };
}

export function fakeAuth(
  userId: string | 'offline' | null = ENGINEER_ID,
  refresh: Awaited<ReturnType<AuthPort['refresh']>> = 'ok',
): AuthPort & { refreshes: number } {
  const auth = {
    refreshes: 0,
    currentUserId: async () => userId,
    refresh: async () => {
      auth.refreshes += 1;
      return refresh;
    },
  };
  return auth;
}
