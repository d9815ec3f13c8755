/**
 * The Resolution tab (SPEC §4 Ticket, §5 Resolve ticket): the resolution text, required after
 * trimming; 'Mark as Resolved' stays disabled while it is empty and records RESOLVED offline.
 */
import { Button, Card, HStack, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { useUnsavedInput } from '../../../components/unsaved-input';
import { useAction } from '../../../data/use-action';
import type { SupportTicket } from '../../../domain/entities';
import { resolveTicketFormSchema } from '../../../domain/schemas/ticket.schema';
import { SignatureField } from '../installation/signature-box';

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
  const { register, control, handleSubmit, watch, formState, reset, setValue } = useForm({
    resolver: zodResolver(resolveTicketFormSchema),
    defaultValues: { resolution: '', customerName: '', signatureImage: null as string | null },
    mode: 'onTouched',
  });
  useUnsavedInput(formState.isDirty);
  const empty = watch('resolution').trim() === '';
  // The sign-off is optional: its signature pad opens only when the customer is there to sign.
  const [signOff, setSignOff] = useState(false);
  const removeSignOff = () => {
    setValue('customerName', '');
    setValue('signatureImage', null);
    setSignOff(false);
  };

  const resolve = handleSubmit(async ({ resolution, customerName, signatureImage }) => {
    const signOff = signatureImage ? { customerName, signatureImage } : undefined;
    const ok = await run(
      'ticket.resolve',
      { ticketId, resolution, signOff },
      { success: { title: 'Ticket resolved successfully' } },
    );
    if (ok) {
      reset();
      setSignOff(false);
    }
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
        {signOff ? (
          <Stack gap="3" borderWidth="1px" borderRadius="md" p="4">
            <HStack justify="space-between" wrap="wrap">
              <Heading as="h2" size="sm">
                Customer sign-off
              </Heading>
              <Button size="sm" variant="ghost" onClick={removeSignOff}>
                Remove Sign-off
              </Button>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              The customer's name and signature appear on the service report.
            </Text>
            <FormField label="Customer name" error={formState.errors.customerName?.message}>
              <Input autoComplete="off" {...register('customerName')} />
            </FormField>
            <Controller
              control={control}
              name="signatureImage"
              render={({ field, fieldState }) => (
                <SignatureField
                  value={field.value}
                  error={fieldState.error?.message}
                  onChange={(value) => {
                    field.onChange(value);
                    field.onBlur();
                  }}
                />
              )}
            />
          </Stack>
        ) : (
          <Button variant="outline" alignSelf="start" onClick={() => setSignOff(true)}>
            Add Customer Sign-off
          </Button>
        )}
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
