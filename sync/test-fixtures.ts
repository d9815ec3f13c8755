// Shared fixtures for the sync unit tests: a fresh per-user mirror, rows in mirror form, and a
// scripted transport that records every call.
import type { BackendResponse } from './classify';
import type { AuthPort, Transport } from './transport';
import { openLocalDatabase, type ChairsideDatabase } from '../src/data/db';
import type { Part, SupportTicket, User } from '../src/domain/entities';

export const ENGINEER_ID = '00000000-0000-4000-8000-0000000000e1';
export const OTHER_ENGINEER_ID = '00000000-0000-4000-8000-0000000000e2';
export const CUSTOMER_ID = '00000000-0000-4000-8000-0000000000c1';

export function freshDatabase(userId = ENGINEER_ID): ChairsideDatabase {
  // A new database per call, so tests never share rows.
  return openLocalDatabase(userId, { name: `test-${crypto.randomUUID()}` });
}

export function ticketRow(overrides: Partial<SupportTicket> = {}): SupportTicket {
  return {
    id: crypto.randomUUID(),
    title: 'Chair will not recline',
    description: 'The backrest motor stalls halfway through reclining.',
    status: 'OPEN',
    priority: 'HIGH',
    customerUserId: CUSTOMER_ID,
    engineerUserId: null,
    chairId: null,
    resolution: null,
    serviceNotes: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export function partRow(overrides: Partial<Part> = {}): Part {
  return {
    id: crypto.randomUUID(),
    name: 'Hydraulic pump',
    partCode: 'HP-100',
    model: 'S30',
    diagramUrl: null,
    price: 120,
    stock: 4,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    deletedAt: null,
    ...overrides,
  };
}

export function userRow(overrides: Partial<User> = {}): User {
  return {
    id: OTHER_ENGINEER_ID,
    email: 'nina@example.com',
    name: 'Nina Patel',
    role: 'ENGINEER',
    phone: null,
    address: null,
    profilePictureUrl: null,
    practice: null,
    engineer: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    deletedAt: null,
    ...overrides,
  };
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
  handler: (fn: string, params: Record<string, unknown>) => BackendResponse,
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
