/**
 * Live reads for the vendor screens (SPEC §2 Vendor routes, §6 VENDOR): every engineer, every
 * ticket and every service request, each with the customer and chair a list shows next to it,
 * and the screens' counters and engineer figures. Hooks return `undefined` while the mirror
 * loads, so a screen tells "loading" from "empty".
 *
 * Built for the generated data set (50k tickets, 20k service requests; issue 16): the lists are
 * read the one way big lists are (list-read.ts: the first page at once, then the rest in short
 * reads), and the counters and figures come from index counts and index keys (db.ts v5, v6),
 * never from reading every row. The rules they count are the domain's (src/domain/vendor.ts),
 * applied to what the indexes hold; vendor.test.ts holds both together. On a new device whose
 * first sync is not complete, the counters are the server's counts of the same rows
 * (homeFiguresWhileSyncing, issue 30), read by the same rules.
 */
import { useRef } from 'react';
import type { Chair, ServiceRequest, SupportTicket, User } from '../../domain/entities';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../domain/schemas/common';
import { isTicketActive } from '../../domain/active-tickets';
import { countRequests, countTickets, type HomeFigures } from '../../domain/home-figures';
import {
  isHighPriorityOpen,
  isUrgentUnassigned,
  type RequestCounters,
  type TicketCounters,
} from '../../domain/vendor';
import { byAssignee, type ChairsideDatabase } from '../db';
import { homeFiguresWhileSyncing } from '../mirror-state';
import { useMirror } from '../session-mirror';
import { loadList, type ListSpec, type LoadedList } from './list-read';
import { useSharedMirror, type SharedRead } from './shared-mirror';

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

/** Engineers (not deleted), by name. */
export async function loadEngineers(db: ChairsideDatabase): Promise<User[]> {
  const engineers = await db.users.where('role').equals('ENGINEER').toArray();
  return engineers
    .filter((u) => !u.deletedAt)
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
}

/** The engineers, live (a few dozen rows: the dropdowns, the Field Engineers cards). */
export function useEngineers(): User[] | undefined {
  return useMirror<User[] | undefined>(loadEngineers, [], undefined);
}

const TICKETS: ListSpec<SupportTicket, VendorTicket> = {
  table: (db) => db.supportTickets,
  lookups: ['users', 'chairs'],
  refs: (ticket) => ({ users: [ticket.customerUserId], chairs: [ticket.chairId] }),
  join: (ticket, find) => ({
    ticket,
    customer: find.user(ticket.customerUserId),
    chair: find.chair(ticket.chairId),
  }),
  row: (item) => item.ticket,
};

const SERVICE_REQUESTS: ListSpec<ServiceRequest, VendorServiceRequest> = {
  table: (db) => db.serviceRequests,
  lookups: ['users', 'chairs'],
  refs: (request) => ({ users: [request.customerUserId], chairs: [request.chairId] }),
  join: (request, find) => ({
    request,
    customer: find.user(request.customerUserId),
    chair: find.chair(request.chairId),
  }),
  row: (item) => item.request,
};

const loadTickets = (db: ChairsideDatabase, read: SharedRead<LoadedList<VendorTicket>>) =>
  loadList(db, TICKETS, read);

const loadRequests = (db: ChairsideDatabase, read: SharedRead<LoadedList<VendorServiceRequest>>) =>
  loadList(db, SERVICE_REQUESTS, read);

/** Every ticket, newest first, with its customer and chair; shared between screens. */
export function useVendorTickets(): LoadedList<VendorTicket> | undefined {
  return useSharedMirror('vendor.tickets', loadTickets);
}

/** Every service request, newest first, with its customer and chair; shared between screens. */
export function useVendorServiceRequests(): LoadedList<VendorServiceRequest> | undefined {
  return useSharedMirror('vendor.serviceRequests', loadRequests);
}

/** The ticket statuses and priorities as index keys, each pair kept if `keep` says so. */
function pairs<A extends string, B extends string>(
  as: readonly A[],
  bs: readonly B[],
  keep: (a: A, b: B) => boolean,
): [A, B][] {
  return as.flatMap((a) => bs.filter((b) => keep(a, b)).map((b): [A, B] => [a, b]));
}

async function sum(counts: Promise<number>[]): Promise<number> {
  return (await Promise.all(counts)).reduce((total, n) => total + n, 0);
}

/** Ticket Assignment's counters from the server's counts. */
function ticketCountersOf(figures: HomeFigures): TicketCounters {
  return {
    unassigned: countTickets(figures, (t) => t.engineerId === null),
    highPriority: countTickets(figures, isHighPriorityOpen),
  };
}

/** Ticket Assignment's counters (ticketCounters) from index counts: no ticket is read. */
export async function loadTicketCounters(db: ChairsideDatabase): Promise<TicketCounters> {
  const figures = await homeFiguresWhileSyncing(db);
  if (figures) return ticketCountersOf(figures);
  const high = pairs(TICKET_PRIORITIES, TICKET_STATUSES, (priority, status) =>
    isHighPriorityOpen({ priority, status }),
  );
  const [unassigned, highPriority] = await db.transaction('r', db.supportTickets, () =>
    Promise.all([
      byAssignee(db.supportTickets, null).count(),
      // One native count per key: anyOf would walk every matching entry with a cursor.
      sum(high.map((pair) => db.supportTickets.where('[priority+status]').equals(pair).count())),
    ]),
  );
  return { unassigned, highPriority };
}

export function useTicketCounters(): TicketCounters | undefined {
  return useMirror<TicketCounters | undefined>(loadTicketCounters, [], undefined);
}

/** Service Assignment's counters (requestCounters) from index counts. */
export async function loadRequestCounters(db: ChairsideDatabase): Promise<RequestCounters> {
  const figures = await homeFiguresWhileSyncing(db);
  if (figures) {
    return {
      unassigned: countRequests(figures, (r) => r.engineerId === null),
      pending: countRequests(figures, (r) => r.status === 'PENDING'),
    };
  }
  const [unassigned, pending] = await Promise.all([
    byAssignee(db.serviceRequests, null).count(),
    db.serviceRequests.where('status').equals('PENDING').count(),
  ]);
  return { unassigned, pending };
}

export function useRequestCounters(): RequestCounters | undefined {
  return useMirror<RequestCounters | undefined>(loadRequestCounters, [], undefined);
}

/**
 * How many requests of `status` each engineer has, from [assigneeKey+status] counts (one
 * transaction: a transaction each would queue 50 times behind a sync's writes), or from the
 * server's counts while the first sync is not complete.
 */
export async function requestCountsByEngineer(
  db: ChairsideDatabase,
  engineers: readonly User[],
  status: ServiceRequest['status'],
): Promise<Map<string, number>> {
  const figures = await homeFiguresWhileSyncing(db);
  if (figures) {
    return new Map(
      engineers.map((e) => [
        e.id,
        countRequests(figures, (r) => r.engineerId === e.id && r.status === status),
      ]),
    );
  }
  return db.transaction('r', db.serviceRequests, async () => {
    const counts = await Promise.all(
      engineers.map((e) =>
        db.serviceRequests.where('[assigneeKey+status]').equals([e.id, status]).count(),
      ),
    );
    return new Map(engineers.map((e, i) => [e.id, counts[i] ?? 0]));
  });
}

/** Each engineer's SCHEDULED requests (scheduledCountByEngineer), for the dropdown. */
export async function loadScheduledCounts(db: ChairsideDatabase): Promise<Map<string, number>> {
  return requestCountsByEngineer(db, await loadEngineers(db), 'SCHEDULED');
}

/**
 * Each engineer's scheduled requests, live; the same Map while the counts are the same (every
 * card's dropdown is drawn with it: a write that changes no count redraws none).
 */
export function useScheduledCounts(): ReadonlyMap<string, number> | undefined {
  const counts = useMirror<Map<string, number> | undefined>(loadScheduledCounts, [], undefined);
  const kept = useRef(counts);
  if (!sameCounts(kept.current, counts)) kept.current = counts;
  return kept.current;
}

function sameCounts(a: ReadonlyMap<string, number> | undefined, b: typeof a): boolean {
  if (!a || !b) return a === b;
  return a.size === b.size && [...a].every(([id, n]) => b.get(id) === n);
}

/** The Operations Center's figures and short lists (its workloads: useEngineerWorkloads,
 * engineer-workloads.ts). */
export interface VendorOverview {
  active: number;
  unassigned: number;
  pendingServices: number;
  /** The first 3 urgent unassigned tickets, newest first. */
  urgent: SupportTicket[];
  /** The newest tickets with their customers. */
  recent: { ticket: SupportTicket; customer: User | null }[];
}

/**
 * The Operations Center from the indexes: counts, the unassigned range newest first until 3
 * urgent ones are found, and the newest `recent` tickets (with their customers and chairs).
 */
export async function loadVendorOverview(
  db: ChairsideDatabase,
  recent: number,
): Promise<VendorOverview> {
  const figures = await homeFiguresWhileSyncing(db);
  const [active, counters, pendingServices, urgent, newest] = await Promise.all([
    figures
      ? countTickets(figures, (t) => isTicketActive(t.status))
      : sum(
          TICKET_STATUSES.filter(isTicketActive).map((status) =>
            db.supportTickets.where('status').equals(status).count(),
          ),
        ),
    figures ? ticketCountersOf(figures) : loadTicketCounters(db),
    figures
      ? countRequests(figures, (r) => r.status === 'PENDING')
      : db.serviceRequests.where('status').equals('PENDING').count(),
    byAssignee(db.supportTickets, null).reverse().filter(isUrgentUnassigned).limit(3).toArray(),
    db.supportTickets.orderBy('createdAt').reverse().limit(recent).toArray(),
  ]);
  const customers = await db.users.bulkGet(
    newest.flatMap((t) => (t.customerUserId ? [t.customerUserId] : [])),
  );
  const byId = new Map(customers.flatMap((u) => (u ? [[u.id, u] as const] : [])));
  return {
    active,
    unassigned: counters.unassigned,
    pendingServices,
    urgent,
    recent: newest.map((ticket) => ({
      ticket,
      customer: byId.get(ticket.customerUserId ?? '') ?? null,
    })),
  };
}

export function useVendorOverview(recent: number): VendorOverview | undefined {
  return useMirror<VendorOverview | undefined>(
    (db) => loadVendorOverview(db, recent),
    [recent],
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
