/** A support ticket's priority (SPEC §4 Ticket, §9) as a badge; urgent work stands out most. */
import { Badge } from '@chakra-ui/react';
import type { TicketPriority } from '../domain/schemas/ticket.schema';

export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  LOW: 'Low',
  NORMAL: 'Normal',
  HIGH: 'High',
  URGENT: 'Urgent',
};

const STYLE: Record<TicketPriority, { palette: string; variant: 'solid' | 'subtle' | 'outline' }> =
  {
    LOW: { palette: 'gray', variant: 'outline' },
    NORMAL: { palette: 'gray', variant: 'subtle' },
    HIGH: { palette: 'orange', variant: 'subtle' },
    URGENT: { palette: 'red', variant: 'solid' },
  };

export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  const { palette, variant } = STYLE[priority];
  return (
    <Badge colorPalette={palette} variant={variant} size="md">
      {TICKET_PRIORITY_LABELS[priority]} priority
    </Badge>
  );
}
