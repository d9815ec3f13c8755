/**
 * Live reads of support tickets for the engineer screens (SPEC §2 Engineer routes, §6): the
 * tickets an engineer may see (assigned to them or unassigned), one ticket with its customer,
 * chair and engineer, and the parts catalogue for the service record. Every hook returns
 * `undefined` while the mirror is still loading, so a screen can tell "loading" from "empty".
 */
import type { Chair, Part, SupportTicket, User } from '../../domain/entities';
import { countTickets } from '../../domain/home-figures';
import { matchesSearch } from '../../domain/search';
import { isHighPriorityOpen } from '../../domain/vendor';
import { byAssignee, type ChairsideDatabase } from '../db';
import { homeFiguresWhileSyncing } from '../mirror-state';
import { useMirror, useMirrorRecord } from '../session-mirror';

/** A ticket with what a list shows next to it. */
export interface TicketListItem {
  ticket: SupportTicket;
  /** The customer's users row name, or null when the row is missing or has no name. */
  customerName: string | null;
  chair: Pick<Chair, 'id' | 'serialNumber' | 'model' | 'modelName'> | null;
}

/** One ticket with the rows its detail screen needs. */
export interface TicketDetail {
  ticket: SupportTicket;
  customer: User | null;
  chair: Chair | null;
  engineer: User | null;
}

/** A page of the engineer's ticket list: the first `limit` tickets and how many there are. */
export interface TicketListPage {
  items: TicketListItem[];
  total: number;
}

const newestFirst = (a: SupportTicket, b: SupportTicket) => b.createdAt.localeCompare(a.createdAt);

/** Tickets assigned to `engineerId` or to nobody, newest first (both from the assignee index). */
export async function loadEngineerTickets(
  db: ChairsideDatabase,
  engineerId: string,
): Promise<TicketListItem[]> {
  const [mine, unassigned] = await Promise.all([
    byAssignee(db.supportTickets, engineerId).toArray(),
    byAssignee(db.supportTickets, null).toArray(),
  ]);
  return withCustomerAndChair(db, [...mine, ...unassigned].sort(newestFirst));
}

/**
 * Case-insensitive match against title, description, customer name and chair serial (the
 * engineer's Support Tickets search, SPEC §2).
 */
export function matchesTicket(item: TicketListItem, search: string): boolean {
  const { ticket, customerName, chair } = item;
  return matchesSearch(search, [
    ticket.title,
    ticket.description,
    customerName,
    chair?.serialNumber,
  ]);
}

/**
 * The first `limit` of the engineer's tickets (theirs and the unassigned ones, newest first)
 * matching `search`, and how many match. Without search text it reads only those `limit` rows
 * of each assignee from the index and counts the rest there, so the list's first screen costs
 * the same whatever the mirror holds; a search reads them all.
 */
export async function loadEngineerTicketPage(
  db: ChairsideDatabase,
  engineerId: string,
  search: string,
  limit: number,
): Promise<TicketListPage> {
  if (search.trim()) {
    const matches = (await loadEngineerTickets(db, engineerId)).filter((item) =>
      matchesTicket(item, search),
    );
    return { items: matches.slice(0, limit), total: matches.length };
  }
  const [mine, unassigned, mineCount, unassignedCount] = await Promise.all([
    byAssignee(db.supportTickets, engineerId).reverse().limit(limit).toArray(),
    byAssignee(db.supportTickets, null).reverse().limit(limit).toArray(),
    byAssignee(db.supportTickets, engineerId).count(),
    byAssignee(db.supportTickets, null).count(),
  ]);
  const first = [...mine, ...unassigned].sort(newestFirst).slice(0, limit);
  return { items: await withCustomerAndChair(db, first), total: mineCount + unassignedCount };
}

/** Each ticket with its customer's name and its chair, read by id. */
async function withCustomerAndChair(
  db: ChairsideDatabase,
  tickets: SupportTicket[],
): Promise<TicketListItem[]> {
  const customerIds = unique(tickets.map((t) => t.customerUserId));
  const chairIds = unique(tickets.map((t) => t.chairId));
  const [customers, chairs] = await Promise.all([
    db.users.bulkGet(customerIds),
    db.chairs.bulkGet(chairIds),
  ]);
  const customerById = new Map(customers.flatMap((u) => (u ? [[u.id, u] as const] : [])));
  const chairById = new Map(chairs.flatMap((c) => (c ? [[c.id, c] as const] : [])));
  return tickets.map((ticket) => {
    const chair = ticket.chairId ? chairById.get(ticket.chairId) : undefined;
    const customer = ticket.customerUserId ? customerById.get(ticket.customerUserId) : undefined;
    return {
      ticket,
      customerName: customer?.name?.trim() || null,
      chair: chair
        ? {
            id: chair.id,
            serialNumber: chair.serialNumber,
            model: chair.model,
            modelName: chair.modelName,
          }
        : null,
    };
  });
}

function unique(ids: (string | null)[]): string[] {
  return [...new Set(ids.filter((id): id is string => Boolean(id)))];
}

/** The engineer Overview's counters and its first open and in-progress tickets. */
export interface EngineerOverview {
  /** Assigned to the engineer. */
  mine: number;
  /** OPEN, theirs and unassigned. */
  open: number;
  /** IN_PROGRESS, theirs and unassigned. */
  inProgress: number;
  /** HIGH or URGENT and not CLOSED, theirs and unassigned (SPEC §2). */
  highPriority: number;
  /** The newest `listSize` open and in-progress tickets, with customer and chair. */
  openFirst: TicketListItem[];
  inProgressFirst: TicketListItem[];
}

/**
 * The Overview from the assignee index: 'My Tickets' is a count of the engineer's index range
 * (no row read); the other counters and the two short lists come from one newest-first pass over
 * the engineer's and the unassigned ranges, so no other engineer's ticket is ever read, whatever
 * the mirror holds, and only the `listSize` tickets of each list are joined with their customer
 * and chair. On a new device whose first sync is not complete, the counters are the server's
 * counts of the same tickets (homeFiguresWhileSyncing, issue 30): the first stage brings the
 * engineer's own tickets and the newest unassigned ones, not the whole unassigned pool.
 */
export async function loadEngineerOverview(
  db: ChairsideDatabase,
  engineerId: string,
  listSize: number,
): Promise<EngineerOverview> {
  // Each range newest first: its first `listSize` of a status are the only ones it can add.
  const pass = async (assignee: string | null) => {
    const counts = { open: 0, inProgress: 0, highPriority: 0 };
    const openFirst: SupportTicket[] = [];
    const inProgressFirst: SupportTicket[] = [];
    await byAssignee(db.supportTickets, assignee)
      .reverse()
      .each((ticket) => {
        if (ticket.status === 'OPEN') {
          counts.open += 1;
          if (openFirst.length < listSize) openFirst.push(ticket);
        } else if (ticket.status === 'IN_PROGRESS') {
          counts.inProgress += 1;
          if (inProgressFirst.length < listSize) inProgressFirst.push(ticket);
        }
        if (isHighPriorityOpen(ticket)) counts.highPriority += 1;
      });
    return { counts, openFirst, inProgressFirst };
  };
  const [figures, mine, theirs, unassigned] = await Promise.all([
    homeFiguresWhileSyncing(db),
    byAssignee(db.supportTickets, engineerId).count(),
    pass(engineerId),
    pass(null),
  ]);
  const first = (tickets: SupportTicket[]) =>
    withCustomerAndChair(db, tickets.sort(newestFirst).slice(0, listSize));
  const [openFirst, inProgressFirst] = await Promise.all([
    first([...theirs.openFirst, ...unassigned.openFirst]),
    first([...theirs.inProgressFirst, ...unassigned.inProgressFirst]),
  ]);
  if (figures) {
    return {
      mine: countTickets(figures, (t) => t.engineerId === engineerId),
      open: countTickets(figures, (t) => t.status === 'OPEN'),
      inProgress: countTickets(figures, (t) => t.status === 'IN_PROGRESS'),
      highPriority: countTickets(figures, isHighPriorityOpen),
      openFirst,
      inProgressFirst,
    };
  }
  return {
    mine,
    open: theirs.counts.open + unassigned.counts.open,
    inProgress: theirs.counts.inProgress + unassigned.counts.inProgress,
    highPriority: theirs.counts.highPriority + unassigned.counts.highPriority,
    openFirst,
    inProgressFirst,
  };
}

/** loadEngineerOverview, live; undefined while loading. */
export function useEngineerOverview(
  engineerId: string,
  listSize: number,
): EngineerOverview | undefined {
  return useMirror<EngineerOverview | undefined>(
    (db) => loadEngineerOverview(db, engineerId, listSize),
    [engineerId, listSize],
    undefined,
  );
}

/** loadEngineerTicketPage, live; undefined while loading. */
export function useEngineerTicketPage(
  engineerId: string,
  search: string,
  limit: number,
): TicketListPage | undefined {
  return useMirror<TicketListPage | undefined>(
    (db) => loadEngineerTicketPage(db, engineerId, search, limit),
    [engineerId, search, limit],
    undefined,
  );
}

/** One ticket with its customer, chair and engineer; null when there is no such ticket. */
export async function loadTicketDetail(
  db: ChairsideDatabase,
  id: string,
): Promise<TicketDetail | null> {
  const ticket = await db.supportTickets.get(id);
  if (!ticket) return null;
  const [customer, chair, engineer] = await Promise.all([
    ticket.customerUserId ? db.users.get(ticket.customerUserId) : undefined,
    ticket.chairId ? db.chairs.get(ticket.chairId) : undefined,
    ticket.engineerUserId ? db.users.get(ticket.engineerUserId) : undefined,
  ]);
  return { ticket, customer: customer ?? null, chair: chair ?? null, engineer: engineer ?? null };
}

/** undefined while loading, null when the ticket does not exist (or was removed). */
export function useTicketDetail(id: string): TicketDetail | null | undefined {
  return useMirrorRecord(id, (db) => loadTicketDetail(db, id), []);
}

/**
 * The server's reason for refusing this user's take of ticket `id` (kept under 'needs attention'),
 * or null: the page of a ticket another engineer took says so instead of 'not found'.
 */
export function useRefusedTakeReason(id: string): string | null {
  const reason = useMirrorRecord(
    id,
    async (db) => {
      const refused = await db.outbox
        .where('status')
        .equals('rejected')
        .filter(
          (entry) =>
            entry.name === 'ticket.take' &&
            (entry.args as { ticketId?: unknown } | null)?.ticketId === id,
        )
        .last();
      return refused?.rejection?.message ?? null;
    },
    [],
  );
  return reason ?? null;
}

/** The parts catalogue by name, without deleted parts; undefined while loading. */
export function useServiceParts(): Part[] | undefined {
  return useMirror<Part[] | undefined>(
    async (db) => (await db.parts.orderBy('name').toArray()).filter((part) => !part.deletedAt),
    [],
    undefined,
  );
}
