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
import type { ChairsideDatabase } from '../db';
import { useMirror } from '../session-mirror';
import { useSharedMirror } from './shared-mirror';

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

export interface AdminChairs {
  chairs: AdminChair[];
  /** Customers a registered chair can be reassigned to, by name. */
  customers: User[];
}

async function loadAdminChairs(db: ChairsideDatabase): Promise<AdminChairs> {
  const [chairs, users] = await Promise.all([db.chairs.toArray(), usersById(db)]);
  const customers = live([...users.values()])
    .filter((u) => u.role === 'CUSTOMER')
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
  return {
    chairs: chairs.sort(byNewest).map((chair) => ({
      chair,
      owner: (chair.ownerUserId && users.get(chair.ownerUserId)) || null,
    })),
    customers,
  };
}

/**
 * Every chair, newest first, with its owner; and the customers to reassign to. The big lists'
 * joins (chairs, tickets, service and part requests) are read once and shared
 * (`useSharedMirror`): coming back to a list shows it at once.
 */
export function useAdminChairs(): AdminChairs | undefined {
  return useSharedMirror('admin.chairs', loadAdminChairs);
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

/** Every part request, newest first, with its customer, chair and parts. */
export async function loadAdminPartRequests(db: ChairsideDatabase): Promise<AdminPartRequest[]> {
  const [requests, users, parts, chairs] = await Promise.all([
    db.partRequests.orderBy('createdAt').reverse().toArray(),
    usersById(db),
    db.parts.toArray(),
    db.chairs.toArray(),
  ]);
  const partById = new Map(parts.map((p) => [p.id, p]));
  const chairById = new Map(chairs.map((c) => [c.id, c]));
  return requests.map((request) => ({
    request,
    customer: (request.userId && users.get(request.userId)) || null,
    chair: (request.chairId && chairById.get(request.chairId)) || null,
    lines: request.items.map((item) => ({ ...item, part: partById.get(item.partId) ?? null })),
  }));
}

export function useAdminPartRequests(): AdminPartRequest[] | undefined {
  return useSharedMirror('admin.partRequests', loadAdminPartRequests);
}

export interface AdminTicket {
  ticket: SupportTicket;
  customer: User | null;
  engineer: User | null;
  chair: Chair | null;
}

async function loadAdminTickets(db: ChairsideDatabase): Promise<AdminTicket[]> {
  const [tickets, users, chairs] = await Promise.all([
    db.supportTickets.orderBy('createdAt').reverse().toArray(),
    usersById(db),
    db.chairs.toArray(),
  ]);
  const chairById = new Map(chairs.map((c) => [c.id, c]));
  return tickets.map((ticket) => ({
    ticket,
    customer: (ticket.customerUserId && users.get(ticket.customerUserId)) || null,
    engineer: (ticket.engineerUserId && users.get(ticket.engineerUserId)) || null,
    chair: (ticket.chairId && chairById.get(ticket.chairId)) || null,
  }));
}

/** Every ticket, newest first, with its customer, engineer and chair. */
export function useAdminTickets(): AdminTicket[] | undefined {
  return useSharedMirror('admin.tickets', loadAdminTickets);
}

export interface AdminServiceRequest {
  request: ServiceRequest;
  customer: User | null;
  engineer: User | null;
  chair: Chair | null;
}

async function loadAdminServiceRequests(db: ChairsideDatabase): Promise<AdminServiceRequest[]> {
  const [requests, users, chairs] = await Promise.all([
    db.serviceRequests.toArray(),
    usersById(db),
    db.chairs.toArray(),
  ]);
  const chairById = new Map(chairs.map((c) => [c.id, c]));
  return requests.sort(byNewest).map((request) => ({
    request,
    customer: (request.customerUserId && users.get(request.customerUserId)) || null,
    engineer: (request.engineerUserId && users.get(request.engineerUserId)) || null,
    chair: (request.chairId && chairById.get(request.chairId)) || null,
  }));
}

/** Every service request, newest first, with its customer, engineer and chair. */
export function useAdminServiceRequests(): AdminServiceRequest[] | undefined {
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
