/**
 * Live reads for the dispatcher's schedule board (issue 45): the engineers, each one's active
 * tickets and scheduled visits on the shown days, and the side queue's unassigned active tickets,
 * pending unassigned requests and the owned chairs whose next service is due by the last shown day
 * (with which of them have an open request), each with the customer and chair the board shows
 * beside it. `undefined` while the mirror loads.
 *
 * Read from index ranges, never from every row of the fleet's 50k tickets and 20k requests
 * (db.ts): a ticket by `[assigneeKey+status+createdAt+updatedAt]` (an engineer's, or '-' for
 * nobody's, in an active status), a request by `[assigneeKey+status]`, a due chair by
 * `service.nextServiceDue` (v8) and its requests by `chairId`. The rules that order, place and
 * offer them are the domain's (schedule-board.ts, schedule-queue.ts).
 */
import { isTicketActive } from '../../domain/active-tickets';
import type { Chair, ServiceRequest, SupportTicket, User } from '../../domain/entities';
import { chairsWithOpenRequest } from '../../domain/schedule-queue';
import { TICKET_STATUSES } from '../../domain/schemas/common';
import { UNASSIGNED, type ChairsideDatabase } from '../db';
import { useMirror } from '../session-mirror';
import { loadEngineers, type VendorServiceRequest, type VendorTicket } from './vendor';

export interface BoardData {
  engineers: User[];
  /** Assigned active tickets. */
  tickets: VendorTicket[];
  /** Scheduled visits from the first to the last shown day. */
  visits: VendorServiceRequest[];
  /** Unassigned active tickets. */
  openTickets: VendorTicket[];
  /** Pending requests no engineer has. */
  openRequests: VendorServiceRequest[];
  /** Owned chairs whose next service is due by the last shown day (overdue ones included). */
  dueChairs: { chair: Chair; customer: User | null }[];
  /** Which of the due chairs have an open (pending or scheduled) request already. */
  chairsWithOpenRequest: ReadonlySet<string>;
}

const ACTIVE = TICKET_STATUSES.filter(isTicketActive);

/** The active tickets of one assignee key (an engineer's id, or UNASSIGNED). */
function activeTicketsOf(db: ChairsideDatabase, key: string): Promise<SupportTicket[]>[] {
  return ACTIVE.map((status) =>
    db.supportTickets
      .where('[assigneeKey+status+createdAt+updatedAt]')
      // From [key, status] (a prefix sorts before every key it begins) to [key, status, []] (an
      // array sorts after every string time), as engineer-figures.ts reads it.
      .between([key, status], [key, status, []])
      .toArray(),
  );
}

/** Customers and chairs named by the rows, by id. */
type Names = Pick<ServiceRequest, 'customerUserId' | 'chairId'>;

async function lookups(db: ChairsideDatabase, rows: readonly Names[]) {
  const ids = (pick: (row: Names) => string | null) => [
    ...new Set(rows.flatMap((row) => (pick(row) ? [pick(row) as string] : []))),
  ];
  const [users, chairs] = await Promise.all([
    db.users.bulkGet(ids((row) => row.customerUserId)),
    db.chairs.bulkGet(ids((row) => row.chairId)),
  ]);
  const userById = new Map(users.flatMap((u) => (u ? [[u.id, u] as const] : [])));
  const chairById = new Map(chairs.flatMap((c) => (c ? [[c.id, c] as const] : [])));
  return {
    customer: (id: string | null): User | null => (id ? (userById.get(id) ?? null) : null),
    chair: (id: string | null): Chair | null => (id ? (chairById.get(id) ?? null) : null),
  };
}

export async function loadBoard(
  db: ChairsideDatabase,
  firstDay: string,
  lastDay: string,
): Promise<BoardData> {
  const engineers = await loadEngineers(db);
  const onShownDays = (r: ServiceRequest) => {
    const day = r.scheduledDate?.slice(0, 10) ?? '';
    return day >= firstDay && day <= lastDay;
  };
  const [assigned, scheduled, open, pending, due] = await db.transaction(
    'r',
    db.supportTickets,
    db.serviceRequests,
    db.chairs,
    () =>
      Promise.all([
        Promise.all(engineers.flatMap((e) => activeTicketsOf(db, e.id))),
        Promise.all(
          engineers.map((e) =>
            db.serviceRequests.where('[assigneeKey+status]').equals([e.id, 'SCHEDULED']).toArray(),
          ),
        ),
        Promise.all(activeTicketsOf(db, UNASSIGNED)),
        db.serviceRequests.where('[assigneeKey+status]').equals([UNASSIGNED, 'PENDING']).toArray(),
        // Due on or before the last day: a date or a time of that day sorts before `day\uffff`.
        db.chairs
          .where('service.nextServiceDue')
          .belowOrEqual(`${lastDay}\uffff`)
          .filter((chair) => Boolean(chair.ownerUserId))
          .toArray(),
      ]),
  );
  const onDueChairs = await db.serviceRequests
    .where('chairId')
    .anyOf(due.map((chair) => chair.id))
    .toArray();
  const tickets = assigned.flat();
  const visits = scheduled.flat().filter(onShownDays);
  const openTickets = open.flat();
  const find = await lookups(db, [
    ...tickets,
    ...visits,
    ...openTickets,
    ...pending,
    ...due.map((chair) => ({ customerUserId: chair.ownerUserId, chairId: null })),
  ]);
  const ticketItem = (ticket: SupportTicket): VendorTicket => ({
    ticket,
    customer: find.customer(ticket.customerUserId),
    chair: find.chair(ticket.chairId),
  });
  const requestItem = (request: ServiceRequest): VendorServiceRequest => ({
    request,
    customer: find.customer(request.customerUserId),
    chair: find.chair(request.chairId),
  });
  return {
    engineers,
    tickets: tickets.map(ticketItem),
    visits: visits.map(requestItem),
    openTickets: openTickets.map(ticketItem),
    openRequests: pending.map(requestItem),
    dueChairs: due.map((chair) => ({ chair, customer: find.customer(chair.ownerUserId) })),
    chairsWithOpenRequest: chairsWithOpenRequest(onDueChairs),
  };
}

/** The board's rows and queue from `firstDay` to `lastDay` ('YYYY-MM-DD'), live. */
export function useScheduleBoard(firstDay: string, lastDay: string): BoardData | undefined {
  return useMirror<BoardData | undefined>(
    (db) => loadBoard(db, firstDay, lastDay),
    [firstDay, lastDay],
    undefined,
  );
}
