/**
 * The Resolution tab (SPEC §4 Ticket, §5 Resolve ticket): the resolution text, required after
 * trimming; 'Mark as Resolved' stays disabled while it is empty and records RESOLVED offline.
 */
import { Button, Card, Field, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useUnsavedInput } from '../../../app/unsaved-input';
import type { SupportTicket } from '../../../domain/entities';
import { resolveTicketSchema } from '../../../domain/schemas/ticket.schema';
import { useTicketAction } from './use-ticket-action';

export function ResolutionTab({ ticket }: { ticket: SupportTicket }) {
  const done = ticket.status === 'RESOLVED' || ticket.status === 'CLOSED';
  return (
    <Stack gap="5">
      {ticket.resolution ? (
        <Card.Root size="sm" variant="subtle" colorPalette="green">
          <Card.Body>
            <Heading as="h3" size="sm" mb="1">
              Current resolution
            </Heading>
            <Text whiteSpace="pre-wrap">{ticket.resolution}</Text>
          </Card.Body>
        </Card.Root>
      ) : null}
      {done ? (
        <Text color="fg.muted">
          This ticket is {ticket.status === 'CLOSED' ? 'closed' : 'resolved'}. To reopen it, the
          assigned engineer can change its status.
        </Text>
      ) : (
        <ResolveForm ticketId={ticket.id} />
      )}
    </Stack>
  );
}

function ResolveForm({ ticketId }: { ticketId: string }) {
  const run = useTicketAction();
  const { register, handleSubmit, watch, formState, reset } = useForm({
    resolver: zodResolver(resolveTicketSchema),
    defaultValues: { resolution: '' },
    mode: 'onTouched',
  });
  useUnsavedInput(formState.isDirty);
  const empty = watch('resolution').trim() === '';

  const resolve = handleSubmit(async ({ resolution }) => {
    const ok = await run(
      'ticket.resolve',
      { ticketId, resolution },
      { title: 'Ticket resolved successfully' },
    );
    if (ok) reset();
  });

  return (
    <form noValidate onSubmit={(event) => void resolve(event)}>
      <Stack gap="4">
        <Field.Root invalid={Boolean(formState.errors.resolution)}>
          <Field.Label>Resolution description</Field.Label>
          <Textarea
            rows={5}
            placeholder="What was wrong, what you did, and how you verified the fix"
            {...register('resolution')}
          />
          <Field.ErrorText>{formState.errors.resolution?.message}</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="green"
          alignSelf="start"
          disabled={empty}
          loading={formState.isSubmitting}
        >
          Mark as Resolved
        </Button>
      </Stack>
    </form>
  );
}
