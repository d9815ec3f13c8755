// The schedule board's side queue (issue 45): the work no engineer has yet, in the order a
// dispatcher takes it: unassigned active tickets (most urgent priority first, then the oldest),
// pending unassigned service requests (soonest preferred date and time first), and chairs whose
// yearly inspection falls due by the board's last day with no open request (the customers'
// Service Due nudge's rule, customer-chairs.ts). Pure: the time comes in as `now`.
import { isTicketActive } from './active-tickets';
import type { ChairModel } from './chair-models';
import { serviceDueSoonOrOverdue } from './customer-chairs';
import type { Chair, ServiceRequest, SupportTicket, User } from './entities';
import { isRequestOpen } from './service-requests';
import { TICKET_PRIORITIES, type TicketPriority } from './schemas/common';

export type QueueItem =
  | { kind: 'ticket'; ticket: SupportTicket; customer: User | null; chair: Chair | null }
  | { kind: 'request'; request: ServiceRequest; customer: User | null; chair: Chair | null }
  | { kind: 'chair'; chair: Chair; customer: User | null };

/** URGENT first, LOW last. */
const priorityRank = (priority: TicketPriority) => -TICKET_PRIORITIES.indexOf(priority);

/** Unassigned active tickets: the most urgent priority first, then the oldest. */
export function queueTickets<T extends { ticket: SupportTicket }>(items: readonly T[]): T[] {
  return items
    .filter(({ ticket }) => !ticket.engineerUserId && isTicketActive(ticket.status))
    .sort(
      (a, b) =>
        priorityRank(a.ticket.priority) - priorityRank(b.ticket.priority) ||
        a.ticket.createdAt.localeCompare(b.ticket.createdAt),
    );
}

/** Pending unassigned requests: the soonest preferred date and time first, then the oldest. */
export function queueRequests<T extends { request: ServiceRequest }>(items: readonly T[]): T[] {
  const when = (r: ServiceRequest) => `${r.preferredDate ?? '9999'} ${r.preferredTime ?? ''}`;
  return items
    .filter(({ request }) => !request.engineerUserId && request.status === 'PENDING')
    .sort(
      (a, b) =>
        when(a.request).localeCompare(when(b.request)) ||
        a.request.createdAt.localeCompare(b.request.createdAt),
    );
}

/**
 * A chair the board offers for its yearly inspection: owned, due soon or overdue by the nudge's
 * rule, due on or before `lastDay` (the board's last day), and with no open request already.
 */
export function isInspectionDue(
  chair: Pick<Chair, 'id' | 'ownerUserId' | 'service'>,
  now: Date,
  lastDay: string,
  chairsWithOpenRequest: ReadonlySet<string>,
): boolean {
  const due = chair.service?.nextServiceDue;
  return (
    Boolean(chair.ownerUserId && due) &&
    serviceDueSoonOrOverdue(chair, now) &&
    (due ?? '').slice(0, 10) <= lastDay &&
    !chairsWithOpenRequest.has(chair.id)
  );
}

/** The chairs with an open (pending or scheduled) request: none of them is offered again. */
export function chairsWithOpenRequest(
  requests: readonly Pick<ServiceRequest, 'chairId' | 'status'>[],
): Set<string> {
  return new Set(
    requests.flatMap((r) => (r.chairId && isRequestOpen(r.status) ? [r.chairId] : [])),
  );
}

/** Due chairs, the longest overdue first (as the customers' nudge lists them). */
export function queueDueChairs<T extends { chair: Chair }>(
  items: readonly T[],
  now: Date,
  lastDay: string,
  openRequests: ReadonlySet<string>,
): T[] {
  return items
    .filter(({ chair }) => isInspectionDue(chair, now, lastDay, openRequests))
    .sort((a, b) =>
      (a.chair.service?.nextServiceDue ?? '').localeCompare(b.chair.service?.nextServiceDue ?? ''),
    );
}

/** The queue's filters: a chair model, a ticket priority, a place in the customer's address. */
export interface QueueFilter {
  term: string;
  model: ChairModel | 'ALL';
  priority: TicketPriority | 'ALL';
  area: string;
}

function addressOf(customer: User | null): string {
  return `${customer?.practice?.address ?? ''} ${customer?.address ?? ''}`;
}

/** Whether an item passes the search term (title, customer, serial, notes) and the filters. */
export function passesQueueFilter(item: QueueItem, filter: QueueFilter): boolean {
  const has = (text: string, part: string) =>
    text.toLowerCase().includes(part.trim().toLowerCase());
  const chair = item.chair;
  if (filter.model !== 'ALL' && chair?.model !== filter.model) return false;
  if (
    filter.priority !== 'ALL' &&
    (item.kind !== 'ticket' || item.ticket.priority !== filter.priority)
  )
    return false;
  if (filter.area.trim() && !has(addressOf(item.customer), filter.area)) return false;
  if (!filter.term.trim()) return true;
  const words = [
    item.kind === 'ticket' ? item.ticket.title : '',
    item.kind === 'request' ? (item.request.notes ?? '') : '',
    item.customer?.name ?? '',
    chair?.serialNumber ?? '',
  ];
  return words.some((word) => has(word, filter.term));
}
