/**
 * The ticket page's status actions (SPEC §4 Ticket): 'Take Ticket' for an unassigned ticket and,
 * for the assigned engineer only, a dropdown that sets any of the four statuses.
 */
import { Button, NativeSelect } from '@chakra-ui/react';
import { FormField } from '../../../components/form-field';
import { useAction } from '../../../data/use-action';
import { TICKET_STATUS_LABELS } from '../../../domain/labels';
import {
  TICKET_STATUSES,
  ticketStatusSchema,
  type TicketStatus,
} from '../../../domain/schemas/ticket.schema';

export function TakeTicketButton({ ticketId }: { ticketId: string }) {
  const { run, busy } = useAction();
  const take = () =>
    run(
      'ticket.take',
      { ticketId },
      { success: { title: 'Ticket assigned to you and marked as in progress' } },
    );
  return (
    <Button colorPalette="brand" loading={busy} onClick={() => void take()}>
      Take Ticket
    </Button>
  );
}

export function StatusControl({ ticketId, status }: { ticketId: string; status: TicketStatus }) {
  const { run } = useAction();
  const change = (value: string) => {
    const next = ticketStatusSchema.safeParse(value);
    if (!next.success || next.data === status) return;
    void run(
      'ticket.setStatus',
      { ticketId, status: next.data },
      { success: { title: `Ticket status updated to ${TICKET_STATUS_LABELS[next.data]}` } },
    );
  };
  return (
    <FormField label="Status">
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
    </FormField>
  );
}
