// Ticket status rules (SPEC §4 Ticket): what taking and assigning do to the status, and the
// refusals of a take. The local effects (src/data/effects/tickets.ts) apply these; the guarded
// operations in supabase/migrations apply the same (tests/integration/mutation-parity.test.ts).
import type { TicketStatus } from './schemas/common';

/** 'IN_PROGRESS' → 'in progress', as messages word a status. */
export function statusWord(status: string): string {
  return status.replace(/_/g, ' ').toLowerCase();
}

/** Assigning an engineer moves an OPEN ticket to IN_PROGRESS; other statuses stay. */
export function ticketStatusAfterAssign(status: TicketStatus): TicketStatus {
  return status === 'OPEN' ? 'IN_PROGRESS' : status;
}

interface TakenTicket {
  status: TicketStatus;
  engineerUserId: string | null;
}

/**
 * Why `userId` may not take the ticket (the caller adds the other engineer's name), or null.
 * Another engineer's ticket is taken; an unassigned resolved or closed ticket is finished.
 */
export function takeTicketRefusal(
  ticket: TakenTicket,
  userId: string,
): { kind: 'taken' } | { kind: 'finished'; message: string } | null {
  if (ticket.engineerUserId && ticket.engineerUserId !== userId) return { kind: 'taken' };
  if (!ticket.engineerUserId && (ticket.status === 'RESOLVED' || ticket.status === 'CLOSED')) {
    return { kind: 'finished', message: `This ticket is already ${statusWord(ticket.status)}` };
  }
  return null;
}

export function ticketTakenMessage(engineerName: string): string {
  return `This ticket has already been taken by ${engineerName}`;
}

/**
 * Status after a take: an unassigned ticket becomes IN_PROGRESS; the taker's own ticket moves
 * from OPEN to IN_PROGRESS and otherwise keeps its status.
 */
export function ticketStatusAfterTake(ticket: TakenTicket): TicketStatus {
  return ticket.engineerUserId ? ticketStatusAfterAssign(ticket.status) : 'IN_PROGRESS';
}
