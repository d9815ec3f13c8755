/**
 * Live reads for the admin screens (SPEC §2 Admin routes, §6 ADMIN): every user, chair, part,
 * training resource, part request, ticket and service request, with the names a list shows next
 * to them. Deleted rows (soft-deleted users, parts, training) are left out. Hooks return
 * `undefined` while the mirror loads, so a screen tells "loading" from "empty".
 */
import type {
  Chair,
  Installation,
  Part,
  PartRequest,
  ServiceRequest,
  SupportTicket,
  TrainingResource,
  User,
} from '../../domain/entities';
import type { ChairCounters } from '../../domain/admin-chairs';
import type { ChairsideDatabase } from '../db';
import { loadList, type ListSpec, type LoadedList } from './list-read';
import { useMirror } from '../session-mirror';
import { useSharedMirror, type SharedRead } from './shared-mirror';

const byNewest = (a: { createdAt: string }, b: { createdAt: string }) =>
  b.createdAt.localeCompare(a.createdAt);
const live = <T extends { deletedAt: string | null }>(rows: T[]) =>
  rows.filter((r) => !r.deletedAt);

async function usersById(db: ChairsideDatabase): Promise<Map<string, User>> {
  return new Map((await db.users.toArray()).map((u) => [u.id, u]));
}

/** Every user (not deleted), newest first. */
export function useAdminUsers(): User[] | undefined {
  return useMirror<User[] | undefined>(
    async (db) => live(await db.users.toArray()).sort(byNewest),
    [],
    undefined,
  );
}

export interface AdminChair {
  chair: Chair;
  owner: User | null;
}

const CHAIRS: ListSpec<Chair, AdminChair> = {
  table: (db) => db.chairs,
  lookups: ['users'],
  refs: (chair) => ({ users: [chair.ownerUserId] }),
  join: (chair, find) => ({ chair, owner: find.user(chair.ownerUserId) }),
  row: (item) => item.chair,
};

const loadChairs = (db: ChairsideDatabase, read: SharedRead<LoadedList<AdminChair>>) =>
  loadList(db, CHAIRS, read);

/**
 * Every chair, newest first, with its owner. The big lists (chairs, tickets, service and part
 * requests) are read the one way (list-read.ts: the first page at once, then the rest) and shared
 * (`useSharedMirror`): coming back to a list shows it at once.
 */
export function useAdminChairs(): LoadedList<AdminChair> | undefined {
  return useSharedMirror('admin.chairs', loadChairs);
}

/** Customers (not deleted) a registered chair can be reassigned to, by name. */
export function useCustomers(): User[] | undefined {
  return useMirror<User[] | undefined>(
    async (db) =>
      live(await db.users.where('role').equals('CUSTOMER').toArray()).sort((a, b) =>
        (a.name ?? '').localeCompare(b.name ?? ''),
      ),
    [],
    undefined,
  );
}

/** The chair counters (chairCounters) from the status index's counts: no chair is read. */
export async function loadChairCounters(db: ChairsideDatabase): Promise<ChairCounters> {
  const count = (status: Chair['status']) => db.chairs.where('status').equals(status).count();
  const [total, inStock, delivered, registered] = await Promise.all([
    db.chairs.count(),
    count('IN_STOCK'),
    count('DELIVERED'),
    count('REGISTERED'),
  ]);
  return { total, inStock, delivered, registered };
}

export function useChairCounters(): ChairCounters | undefined {
  return useMirror<ChairCounters | undefined>(loadChairCounters, [], undefined);
}

/** The parts catalogue (not deleted), by name. */
export function useAdminParts(): Part[] | undefined {
  return useMirror<Part[] | undefined>(
    async (db) => live(await db.parts.orderBy('name').toArray()),
    [],
    undefined,
  );
}

/** Training resources (not deleted), newest first. */
export function useAdminTraining(): TrainingResource[] | undefined {
  return useMirror<TrainingResource[] | undefined>(
    async (db) => live(await db.trainingResources.orderBy('createdAt').reverse().toArray()),
    [],
    undefined,
  );
}

export interface AdminPartRequest {
  request: PartRequest;
  customer: User | null;
  chair: Chair | null;
  /** Each line with its part (null when the part is not in the mirror). */
  lines: { partId: string; qty: number; part: Part | null }[];
}

const PART_REQUESTS: ListSpec<PartRequest, AdminPartRequest> = {
  table: (db) => db.partRequests,
  lookups: ['users', 'chairs', 'parts'],
  refs: (request) => ({
    users: [request.userId],
    chairs: [request.chairId],
    parts: request.items.map((item) => item.partId),
  }),
  join: (request, find) => ({
    request,
    customer: find.user(request.userId),
    chair: find.chair(request.chairId),
    lines: request.items.map((item) => ({ ...item, part: find.part(item.partId) })),
  }),
  row: (item) => item.request,
};

/** Every part request, newest first, with its customer, chair and parts. */
export function loadAdminPartRequests(
  db: ChairsideDatabase,
  read: SharedRead<LoadedList<AdminPartRequest>>,
): Promise<LoadedList<AdminPartRequest>> {
  return loadList(db, PART_REQUESTS, read);
}

export function useAdminPartRequests(): LoadedList<AdminPartRequest> | undefined {
  return useSharedMirror('admin.partRequests', loadAdminPartRequests);
}

export interface AdminTicket {
  ticket: SupportTicket;
  customer: User | null;
  engineer: User | null;
  chair: Chair | null;
}

const TICKETS: ListSpec<SupportTicket, AdminTicket> = {
  table: (db) => db.supportTickets,
  lookups: ['users', 'chairs'],
  refs: (ticket) => ({
    users: [ticket.customerUserId, ticket.engineerUserId],
    chairs: [ticket.chairId],
  }),
  join: (ticket, find) => ({
    ticket,
    customer: find.user(ticket.customerUserId),
    engineer: find.user(ticket.engineerUserId),
    chair: find.chair(ticket.chairId),
  }),
  row: (item) => item.ticket,
};

const loadAdminTickets = (db: ChairsideDatabase, read: SharedRead<LoadedList<AdminTicket>>) =>
  loadList(db, TICKETS, read);

/** Every ticket, newest first, with its customer, engineer and chair. */
export function useAdminTickets(): LoadedList<AdminTicket> | undefined {
  return useSharedMirror('admin.tickets', loadAdminTickets);
}

export interface AdminServiceRequest {
  request: ServiceRequest;
  customer: User | null;
  engineer: User | null;
  chair: Chair | null;
}

const SERVICE_REQUESTS: ListSpec<ServiceRequest, AdminServiceRequest> = {
  table: (db) => db.serviceRequests,
  lookups: ['users', 'chairs'],
  refs: (request) => ({
    users: [request.customerUserId, request.engineerUserId],
    chairs: [request.chairId],
  }),
  join: (request, find) => ({
    request,
    customer: find.user(request.customerUserId),
    engineer: find.user(request.engineerUserId),
    chair: find.chair(request.chairId),
  }),
  row: (item) => item.request,
};

const loadAdminServiceRequests = (
  db: ChairsideDatabase,
  read: SharedRead<LoadedList<AdminServiceRequest>>,
) => loadList(db, SERVICE_REQUESTS, read);

/** Every service request, newest first, with its customer, engineer and chair. */
export function useAdminServiceRequests(): LoadedList<AdminServiceRequest> | undefined {
  return useSharedMirror('admin.serviceRequests', loadAdminServiceRequests);
}

export interface AdminInstallation {
  installation: Installation;
  /** The practice that owns the chair now. */
  customer: User | null;
  engineer: User | null;
  chair: Chair | null;
}

/** Every installation, the latest completed first, with its chair, the chair's owner and engineer. */
export function useAdminInstallations(): AdminInstallation[] | undefined {
  return useMirror<AdminInstallation[] | undefined>(
    async (db) => {
      const [installations, users] = await Promise.all([db.installations.toArray(), usersById(db)]);
      const chairIds = [...new Set(installations.flatMap((i) => (i.chairId ? [i.chairId] : [])))];
      const chairs = await db.chairs.bulkGet(chairIds);
      const chairById = new Map(chairs.flatMap((c) => (c ? [[c.id, c] as const] : [])));
      const when = (i: Installation) => i.completedAt ?? i.createdAt;
      return installations
        .sort((a, b) => when(b).localeCompare(when(a)))
        .map((installation) => {
          const chair = (installation.chairId && chairById.get(installation.chairId)) || null;
          return {
            installation,
            chair,
            customer: (chair?.ownerUserId && users.get(chair.ownerUserId)) || null,
            engineer:
              (installation.engineerUserId && users.get(installation.engineerUserId)) || null,
          };
        });
    },
    [],
    undefined,
  );
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
