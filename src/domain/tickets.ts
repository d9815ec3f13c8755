// Ticket rules (SPEC §4 Ticket, §5 Service notes form): what taking and assigning do to the
// status, the refusals of a take, and how a service notes patch merges. The local effects
// (src/data/effects/tickets.ts) apply these; the guarded operations in supabase/migrations apply
// the same (tests/integration/mutation-parity.test.ts).
import type { ServiceNotes } from './entities';
import type { ServiceNotesPatch } from './mutations';
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

/**
 * Why a ticket may not be assigned (ticket.assign), or null: a RESOLVED or CLOSED ticket is
 * finished work, credited to who did it (issue 29: reassigning one handed the credit to another
 * engineer). Reopening it is the assigned engineer's explicit step (ticket.setStatus).
 */
export function assignTicketRefusal(ticket: { status: TicketStatus }): string | null {
  return ticket.status === 'RESOLVED' || ticket.status === 'CLOSED'
    ? `This ticket is already ${statusWord(ticket.status)}`
    : null;
}

const FINISHED: readonly TicketStatus[] = ['RESOLVED', 'CLOSED'];

/**
 * When the ticket was resolved, after it moves to `next` at `now` (the database's
 * stamp_ticket_resolved): stamped on entering RESOLVED or CLOSED, kept while it stays so,
 * cleared when it is reopened. The resolution time reads it, so no later edit moves it.
 */
export function resolvedAtAfter(
  ticket: { status: TicketStatus; resolvedAt?: string | null; updatedAt: string },
  next: TicketStatus,
  now: string,
): string | null {
  if (!FINISHED.includes(next)) return null;
  if (FINISHED.includes(ticket.status)) return ticket.resolvedAt ?? ticket.updatedAt;
  return now;
}

/** Resolving a ticket an admin closed (ticket.resolve). */
export const TICKET_CLOSED_NOT_RESOLVED = 'This ticket is closed and cannot be resolved';

/** Why a ticket may not be resolved, or null: a CLOSED ticket is finished for everyone. */
export function resolveTicketRefusal(ticket: { status: TicketStatus }): string | null {
  return ticket.status === 'CLOSED' ? TICKET_CLOSED_NOT_RESOLVED : null;
}

const TAKEN_PREFIX = 'This ticket has already been taken by ';

export function ticketTakenMessage(engineerName: string): string {
  return `${TAKEN_PREFIX}${engineerName}`;
}

/** The other engineer's name in a refused take's message (ticketTakenMessage), or null. */
export function takenByFromMessage(message: string | undefined): string | null {
  if (!message?.startsWith(TAKEN_PREFIX)) return null;
  return message.slice(TAKEN_PREFIX.length).trim() || null;
}

/**
 * Status after a take: an unassigned ticket becomes IN_PROGRESS; the taker's own ticket moves
 * from OPEN to IN_PROGRESS and otherwise keeps its status.
 */
export function ticketStatusAfterTake(ticket: TakenTicket): TicketStatus {
  return ticket.engineerUserId ? ticketStatusAfterAssign(ticket.status) : 'IN_PROGRESS';
}

/** Merges a partial notes patch: fields overwrite, the condition report merges one level deeper. */
export function mergeServiceNotes(
  notes: ServiceNotes | null,
  patch: ServiceNotesPatch,
): ServiceNotes {
  const base = notes ?? {};
  const merged: ServiceNotes = { ...base, ...patch };
  if (patch.conditionReport) {
    merged.conditionReport = { ...base.conditionReport, ...patch.conditionReport };
  }
  if (base.partsUsed) merged.partsUsed = base.partsUsed;
  return merged;
}
