/**
 * The Service Notes tab (SPEC §3 ServiceNotes, §4 Work type, §5 Service notes form): what was
 * done, how long it took, the work type (defaulted by the warranty rule), the condition report
 * and any follow-up. Saving sends only the changed fields; it works offline.
 */
import {
  Button,
  Checkbox,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useUnsavedInput } from '../../../app/unsaved-input';
import type { TicketDetail } from '../../../data/queries/tickets';
import { defaultWorkType } from '../../../domain/quote';
import { serviceNotesSchema } from '../../../domain/schemas/ticket.schema';
import { notesFormValues, serviceNotesPatch } from './service-notes-patch';
import { useTicketAction } from './use-ticket-action';

export const WORK_TYPE_OPTIONS = [
  { value: 'WARRANTY', label: 'Warranty' },
  { value: 'DAMAGE', label: 'Damage' },
  { value: 'OUT_OF_WARRANTY', label: 'Out of warranty' },
] as const;

interface NotesFormProps {
  detail: TicketDetail;
  now: Date;
}

export function ServiceNotesForm(props: NotesFormProps) {
  // A saved form starts afresh from the mirror: nothing is left marked as changed.
  const [generation, setGeneration] = useState(0);
  return <NotesForm key={generation} {...props} onSaved={() => setGeneration((n) => n + 1)} />;
}

function NotesForm({ detail, now, onSaved }: NotesFormProps & { onSaved: () => void }) {
  const { ticket, chair } = detail;
  const run = useTicketAction();
  const fallbackType = defaultWorkType(chair?.warranty ?? {}, now);
  const values = useMemo(
    () => notesFormValues(ticket.serviceNotes, fallbackType),
    [ticket.serviceNotes, fallbackType],
  );
  const form = useForm({
    resolver: zodResolver(serviceNotesSchema),
    values,
    // A pull that changes other fields updates them without losing what the engineer typed.
    resetOptions: { keepDirtyValues: true, keepDirty: true },
  });
  const { register, control, handleSubmit, formState, watch } = form;
  const { errors, isSubmitting, dirtyFields } = formState;
  // From the dirty fields rather than isDirty, which a live reset recomputes.
  const isDirty = Object.keys(dirtyFields).length > 0;
  useUnsavedInput(isDirty);
  const unsavedType = !ticket.serviceNotes?.workType;

  const save = handleSubmit(async (parsed) => {
    const patch = serviceNotesPatch(parsed, dirtyFields, ticket.serviceNotes);
    const ok = await run(
      'ticket.updateServiceNotes',
      { ticketId: ticket.id, patch },
      { title: 'Service notes updated successfully' },
    );
    if (ok) onSaved();
  });

  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      <Stack gap="5">
        <Field.Root>
          <Field.Label>Work performed</Field.Label>
          <Textarea rows={4} {...register('workPerformed')} />
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root invalid={Boolean(errors.timeSpent)}>
            <Field.Label>Time spent (minutes)</Field.Label>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              size="lg"
              {...register('timeSpent', { valueAsNumber: true })}
            />
            <Field.ErrorText>{errors.timeSpent?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Work type</Field.Label>
            <NativeSelect.Root size="lg">
              <NativeSelect.Field {...register('workType')}>
                {WORK_TYPE_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>
              Defaults to Warranty while the chair&apos;s warranty is confirmed and running.
            </Field.HelperText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root>
          <Field.Label>Damage description</Field.Label>
          <Textarea rows={2} {...register('damageDescription')} />
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root>
            <Field.Label>Condition before service</Field.Label>
            <Textarea rows={2} {...register('conditionReport.beforeService')} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Condition after service</Field.Label>
            <Textarea rows={2} {...register('conditionReport.afterService')} />
          </Field.Root>
        </SimpleGrid>
        <Field.Root>
          <Field.Label>Recommendations</Field.Label>
          <Textarea rows={2} {...register('conditionReport.recommendations')} />
        </Field.Root>
        <Controller
          control={control}
          name="followUpRequired"
          render={({ field }) => (
            <Checkbox.Root
              size="lg"
              minH="44px"
              checked={Boolean(field.value)}
              onCheckedChange={(event) => field.onChange(event.checked === true)}
            >
              <Checkbox.HiddenInput onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>Follow-up required</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        {watch('followUpRequired') ? (
          <Field.Root>
            <Field.Label>Follow-up notes</Field.Label>
            <Textarea rows={2} {...register('followUpNotes')} />
          </Field.Root>
        ) : null}
        <HStack gap="3">
          <Button
            type="submit"
            colorPalette="brand"
            loading={isSubmitting}
            disabled={!isDirty && !unsavedType}
          >
            Save Service Notes
          </Button>
          {!isDirty && !unsavedType ? (
            <Text fontSize="sm" color="fg.muted">
              All changes saved
            </Text>
          ) : null}
        </HStack>
      </Stack>
    </form>
  );
}
