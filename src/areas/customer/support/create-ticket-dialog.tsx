/**
 * The Create Ticket dialog (SPEC §2 Support Center, §5 Ticket): title, description of at least 10
 * characters, priority and, optionally, one of the customer's own chairs.
 */
import { Input, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { SelectField, labelledOptions } from '../../../components/select-field';
import { useUnsavedInput } from '../../../components/unsaved-input';
import { useAction } from '../../../data/use-action';
import { TICKET_PRIORITY_LABELS } from '../../../domain/labels';
import {
  TICKET_PRIORITIES,
  createTicketSchema,
  type CreateTicketInput,
} from '../../../domain/schemas/ticket.schema';
import { ChairSelect } from '../chair-select';

const PRIORITIES = labelledOptions(TICKET_PRIORITIES, TICKET_PRIORITY_LABELS);

// No priority is preselected: the customer chooses one (SPEC §5 'Priority is required').
const EMPTY = {
  title: '',
  description: '',
  priority: '',
  chairId: '',
} as unknown as CreateTicketInput;

export function CreateTicketDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { run } = useAction();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<CreateTicketInput>({
    resolver: zodResolver(createTicketSchema),
    defaultValues: EMPTY,
  });
  useUnsavedInput(isDirty && !isSubmitting);

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const submit = async (values: CreateTicketInput) => {
    const ok = await run(
      'ticket.create',
      {
        id: crypto.randomUUID(),
        title: values.title.trim(),
        description: values.description.trim(),
        priority: values.priority,
        chairId: values.chairId || null,
      },
      {
        success: {
          title: 'Support ticket created',
          description: 'Our team will respond within 24 hours.',
        },
        failure: 'Failed to create ticket',
      },
    );
    if (ok) close();
  };

  return (
    <FormDialog
      title="Create Support Ticket"
      open={open}
      onClose={close}
      size="lg"
      formId="create-ticket"
      formLabel="Create ticket"
      submitLabel="Create Ticket"
      submitting={isSubmitting}
      onSubmit={handleSubmit(submit)}
    >
      <FormField label="Title" required error={errors.title?.message}>
        <Input size="lg" {...register('title')} />
      </FormField>
      <FormField label="Description" required error={errors.description?.message}>
        <Textarea rows={4} {...register('description')} />
      </FormField>
      <SelectField
        label="Priority"
        required
        error={errors.priority?.message}
        placeholder="Select priority"
        options={PRIORITIES}
        registration={register('priority')}
      />
      <ChairSelect optional registration={register('chairId')} />
    </FormDialog>
  );
}
