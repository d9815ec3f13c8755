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
  calls: { fn: string; params: Record<string, unknown> }[];
}

export function scriptedTransport(
  handler: (
    fn: string,
    params: Record<string, unknown>,
  ) => BackendResponse | Promise<BackendResponse>,
): ScriptedTransport {
  const calls: ScriptedTransport['calls'] = [];
  return {
    calls,
    rpc: async (fn, params) => {
      calls.push({ fn, params });
      return handler(fn, params);
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
