/** A support ticket's status (SPEC §4 Ticket) as a coloured badge with a readable label. */
import { Badge } from '@chakra-ui/react';
import type { TicketStatus } from '../domain/schemas/ticket.schema';

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  OPEN: 'Open',
  IN_PROGRESS: 'In Progress',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
};

const PALETTE: Record<TicketStatus, string> = {
  OPEN: 'blue',
  IN_PROGRESS: 'orange',
  RESOLVED: 'green',
  CLOSED: 'gray',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle" size="md">
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}
