/** The Parts & Quote tab: the parts used on this ticket, adding more, and the cost quote. */
import { Heading, Stack } from '@chakra-ui/react';
import type { TicketDetail } from '../../../data/queries/tickets';
import { useServiceParts } from '../../../data/queries/tickets';
import { AddPartForm, PartsUsedTable } from './parts-used';
import { QuotePanel } from './quote-panel';

export function PartsQuoteTab({ detail, now }: { detail: TicketDetail; now: Date }) {
  const { ticket, chair } = detail;
  const parts = useServiceParts();
  return (
    <Stack gap="6">
      <Stack gap="3">
        <Heading as="h2" size="md">
          Parts used
        </Heading>
        <PartsUsedTable ticketId={ticket.id} lines={ticket.serviceNotes?.partsUsed ?? []} />
        <AddPartForm key={ticket.id} ticketId={ticket.id} parts={parts ?? []} />
      </Stack>
      <Stack gap="3">
        <Heading as="h2" size="md">
          Quote
        </Heading>
        <QuotePanel notes={ticket.serviceNotes} warranty={chair?.warranty ?? {}} now={now} />
      </Stack>
    </Stack>
  );
}
