// SPEC §4 Ticket: OPEN and IN_PROGRESS count as active (the customer's Open Tickets card). Pure.
import type { TicketStatus } from './schemas/common';

export function isTicketActive(status: TicketStatus): boolean {
  return status === 'OPEN' || status === 'IN_PROGRESS';
}
