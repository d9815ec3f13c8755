/**
 * The Resolution tab (SPEC §4 Ticket, §5 Resolve ticket): the resolution text, required after
 * trimming; 'Mark as Resolved' stays disabled while it is empty and records RESOLVED offline.
 */
import { Button, Card, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { useUnsavedInput } from '../../../components/unsaved-input';
import { useAction } from '../../../data/use-action';
import type { SupportTicket } from '../../../domain/entities';
import { resolveTicketSchema } from '../../../domain/schemas/ticket.schema';

export function ResolutionTab({ ticket }: { ticket: SupportTicket }) {
  const done = ticket.status === 'RESOLVED' || ticket.status === 'CLOSED';
  return (
    <Stack gap="5">
      {ticket.resolution ? (
        <Card.Root size="sm" variant="subtle" colorPalette="green">
          <Card.Body>
            <Heading as="h2" size="sm" mb="1">
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
        // Keyed by the ticket: another ticket's page never shows this one's draft (STYLE 13).
        <ResolveForm key={ticket.id} ticketId={ticket.id} />
      )}
    </Stack>
  );
}

function ResolveForm({ ticketId }: { ticketId: string }) {
  const { run } = useAction();
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
      { success: { title: 'Ticket resolved successfully' } },
    );
    if (ok) reset();
  });

  return (
    <form noValidate onSubmit={(event) => void resolve(event)}>
      <Stack gap="4">
        <FormField label="Resolution description" error={formState.errors.resolution?.message}>
          <Textarea
            rows={5}
            placeholder="What was wrong, what you did, and how you verified the fix"
            {...register('resolution')}
          />
        </FormField>
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
