/**
 * Live reads for the vendor screens (SPEC §2 Vendor routes, §6 VENDOR): every engineer, every
 * ticket and every service request, each with the customer, chair and engineer a list shows next
 * to it. Hooks return `undefined` while the mirror loads, so a screen tells "loading" from "empty".
 */
import type { Chair, ServiceRequest, SupportTicket, User } from '../../domain/entities';
import type { ChairsideDatabase } from '../db';
import { useMirror } from '../session-mirror';
import { useSharedMirror } from './shared-mirror';

export interface VendorTicket {
  ticket: SupportTicket;
  customer: User | null;
  chair: Chair | null;
}

export interface VendorServiceRequest {
  request: ServiceRequest;
  customer: User | null;
  chair: Chair | null;
}

export interface VendorWorkspace {
  engineers: User[];
  tickets: VendorTicket[];
  serviceRequests: VendorServiceRequest[];
}

const byNewest = (a: { createdAt: string }, b: { createdAt: string }) =>
  b.createdAt.localeCompare(a.createdAt);

/** Engineers (not deleted), by name. */
export async function loadEngineers(db: ChairsideDatabase): Promise<User[]> {
  const engineers = await db.users.where('role').equals('ENGINEER').toArray();
  return engineers
    .filter((u) => !u.deletedAt)
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
}

async function lookups(
  db: ChairsideDatabase,
  rows: { customerUserId: string | null; chairId: string | null }[],
) {
  const ids = (values: (string | null)[]) => [
    ...new Set(values.filter((v): v is string => Boolean(v))),
  ];
  const [customers, chairs] = await Promise.all([
    db.users.bulkGet(ids(rows.map((r) => r.customerUserId))),
    db.chairs.bulkGet(ids(rows.map((r) => r.chairId))),
  ]);
  const users = new Map(customers.filter((u) => u !== undefined).map((u) => [u.id, u]));
  const chairById = new Map(chairs.filter((c) => c !== undefined).map((c) => [c.id, c]));
  return {
    customer: (id: string | null) => (id && users.get(id)) || null,
    chair: (id: string | null) => (id && chairById.get(id)) || null,
  };
}

/** Every ticket, newest first, with its customer and chair. */
export async function loadVendorTickets(db: ChairsideDatabase): Promise<VendorTicket[]> {
  const tickets = await db.supportTickets.orderBy('createdAt').reverse().toArray();
  const find = await lookups(db, tickets);
  return tickets.map((ticket) => ({
    ticket,
    customer: find.customer(ticket.customerUserId),
    chair: find.chair(ticket.chairId),
  }));
}

/** Every service request, newest first, with its customer and chair. */
export async function loadVendorServiceRequests(
  db: ChairsideDatabase,
): Promise<VendorServiceRequest[]> {
  const requests = (await db.serviceRequests.toArray()).sort(byNewest);
  const find = await lookups(db, requests);
  return requests.map((request) => ({
    request,
    customer: find.customer(request.customerUserId),
    chair: find.chair(request.chairId),
  }));
}

async function loadVendorWorkspace(db: ChairsideDatabase): Promise<VendorWorkspace> {
  const [engineers, tickets, serviceRequests] = await Promise.all([
    loadEngineers(db),
    loadVendorTickets(db),
    loadVendorServiceRequests(db),
  ]);
  return { engineers, tickets, serviceRequests };
}

/**
 * Engineers, tickets and service requests together (every vendor screen but the profile needs
 * them): read once and shared, so moving between the vendor's screens does not read the whole
 * set again.
 */
export function useVendorWorkspace(): VendorWorkspace | undefined {
  return useSharedMirror('vendor.workspace', loadVendorWorkspace);
}

/** The signed-in user's own row; null when the mirror has none (or it was deleted). */
export function useOwnProfile(userId: string): User | null | undefined {
  return useMirror<User | null | undefined>(
    async (db) => {
      const user = await db.users.get(userId);
      return user && !user.deletedAt ? user : null;
    },
    [userId],
    undefined,
  );
}
