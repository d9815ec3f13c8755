/**
 * The ticket page's status actions (SPEC §4 Ticket): 'Take Ticket' for an unassigned ticket and,
 * for the assigned engineer only, a dropdown that sets any of the four statuses.
 */
import { Button, Field, NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import { TICKET_STATUS_LABELS } from '../../../components/ticket-status-badge';
import {
  TICKET_STATUSES,
  ticketStatusSchema,
  type TicketStatus,
} from '../../../domain/schemas/ticket.schema';
import { useTicketAction } from './use-ticket-action';

export function TakeTicketButton({ ticketId }: { ticketId: string }) {
  const run = useTicketAction();
  const [busy, setBusy] = useState(false);
  const take = async () => {
    setBusy(true);
    await run(
      'ticket.take',
      { ticketId },
      { title: 'Ticket assigned to you and marked as in progress' },
    );
    setBusy(false);
  };
  return (
    <Button colorPalette="brand" loading={busy} onClick={() => void take()}>
      Take Ticket
    </Button>
  );
}

export function StatusControl({ ticketId, status }: { ticketId: string; status: TicketStatus }) {
  const run = useTicketAction();
  const change = (value: string) => {
    const next = ticketStatusSchema.safeParse(value);
    if (!next.success || next.data === status) return;
    void run(
      'ticket.setStatus',
      { ticketId, status: next.data },
      { title: `Ticket status updated to ${TICKET_STATUS_LABELS[next.data]}` },
    );
  };
  return (
    <Field.Root>
      <Field.Label>Status</Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field value={status} onChange={(event) => change(event.target.value)}>
          {TICKET_STATUSES.map((value) => (
            <option key={value} value={value}>
              {TICKET_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
