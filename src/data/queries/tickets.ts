/**
 * Live reads of support tickets for the engineer screens (SPEC §2 Engineer routes, §6): the
 * tickets an engineer may see (assigned to them or unassigned), one ticket with its customer,
 * chair and engineer, and the parts catalogue for the service record. Every hook returns
 * `undefined` while the mirror is still loading, so a screen can tell "loading" from "empty".
 */
import type { Chair, Part, SupportTicket, User } from '../../domain/entities';
import type { ChairsideDatabase } from '../db';
import { useMirror } from '../session-mirror';

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

/** Tickets assigned to `engineerId` or to nobody, newest first. */
export async function loadEngineerTickets(
  db: ChairsideDatabase,
  engineerId: string,
): Promise<TicketListItem[]> {
  // Unassigned tickets have a null engineerUserId, which IndexedDB does not index: the assigned
  // ones come from the index, the unassigned ones from one pass over the newest-first order.
  const [mine, all] = await Promise.all([
    db.supportTickets.where('engineerUserId').equals(engineerId).toArray(),
    db.supportTickets
      .orderBy('createdAt')
      .reverse()
      .filter((ticket) => !ticket.engineerUserId)
      .toArray(),
  ]);
  const tickets = [...mine, ...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
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

/** The signed-in engineer's tickets and the unassigned ones; undefined while loading. */
export function useEngineerTickets(engineerId: string): TicketListItem[] | undefined {
  return useMirror<TicketListItem[] | undefined>(
    (db) => loadEngineerTickets(db, engineerId),
    [engineerId],
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
  return useMirror<TicketDetail | null | undefined>(
    (db) => loadTicketDetail(db, id),
    [id],
    undefined,
  );
}

/**
 * The server's reason for refusing this user's take of ticket `id` (kept under 'needs attention'),
 * or null: the page of a ticket another engineer took says so instead of 'not found'.
 */
export function useRefusedTakeReason(id: string): string | null {
  return useMirror<string | null>(
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
    [id],
    null,
  );
}

/** The parts catalogue by name, without deleted parts; undefined while loading. */
export function useServiceParts(): Part[] | undefined {
  return useMirror<Part[] | undefined>(
    async (db) => (await db.parts.orderBy('name').toArray()).filter((part) => !part.deletedAt),
    [],
    undefined,
  );
}
