/**
 * The Book Service dialog (SPEC §2 Book a Service, §5 Service request, §9 slots): one of the
 * customer's chairs, a preferred date from today on, one of the 18 half-hour slots from 08:00 to
 * 16:30, and optional notes.
 */
import { Input, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { useUnsavedInput } from '../../../components/unsaved-input';
import { useAction } from '../../../data/use-action';
import { localDateKey } from '../../../domain/appointments';
import { SERVICE_TIME_SLOTS } from '../../../domain/customer-chairs';
import {
  serviceRequestSchema,
  type ServiceRequestInput,
} from '../../../domain/schemas/service-request.schema';
import { ChairSelect } from '../chair-select';

const TIME_SLOTS = SERVICE_TIME_SLOTS.map((slot) => ({ value: slot, label: slot }));

export function BookServiceDialog({
  open,
  onClose,
  chairId = '',
}: {
  open: boolean;
  onClose: () => void;
  /** The chair chosen when the dialog opens (Schedule Service on My Chairs). */
  chairId?: string;
}) {
  const { run } = useAction();
  const today = localDateKey(new Date());
  const schema = useMemo(() => serviceRequestSchema(today), [today]);
  const empty = useMemo(
    () => ({ chairId, preferredDate: '', preferredTime: '', notes: '' }),
    [chairId],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ServiceRequestInput>({ resolver: zodResolver(schema), defaultValues: empty });
  useUnsavedInput(isDirty && !isSubmitting);
  useEffect(() => {
    if (open) reset(empty);
  }, [open, empty, reset]);

  const submit = async (values: ServiceRequestInput) => {
    const ok = await run(
      'serviceRequest.create',
      {
        id: crypto.randomUUID(),
        chairId: values.chairId,
        preferredDate: values.preferredDate,
        preferredTime: values.preferredTime,
        notes: values.notes?.trim() || undefined,
      },
      {
        success: {
          title: 'Service request submitted',
          description: 'We will contact you within 24 hours to confirm your appointment.',
        },
        failure: 'Failed to submit service request',
      },
    );
    if (ok) onClose();
  };

  return (
    <FormDialog
      title="Book a Service"
      open={open}
      onClose={onClose}
      size="lg"
      formId="book-service"
      formLabel="Book a service"
      submitLabel="Submit Request"
      submitting={isSubmitting}
      onSubmit={handleSubmit(submit)}
    >
      <ChairSelect autoFocus registration={register('chairId')} error={errors.chairId?.message} />
      <FormField
        label="Preferred Date"
        required
        error={errors.preferredDate?.message}
        helper="Service is typically scheduled within 1-2 weeks."
      >
        <Input size="lg" type="date" min={today} {...register('preferredDate')} />
      </FormField>
      <SelectField
        label="Preferred Time"
        required
        error={errors.preferredTime?.message}
        placeholder="Select a time"
        options={TIME_SLOTS}
        registration={register('preferredTime')}
      />
      <FormField label="Notes" helper="Optional">
        <Textarea rows={3} {...register('notes')} />
      </FormField>
    </FormDialog>
  );
}
