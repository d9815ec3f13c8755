/**
 * The Service Notes tab (SPEC §3 ServiceNotes, §4 Work type, §5 Service notes form): what was
 * done, how long it took, the work type (defaulted by the warranty rule), the condition report
 * and any follow-up. Saving sends only the changed fields; it works offline.
 */
import {
  Button,
  Checkbox,
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
import { FormField } from '../../../components/form-field';
import { useUnsavedInput } from '../../../components/unsaved-input';
import type { TicketDetail } from '../../../data/queries/tickets';
import { useAction } from '../../../data/use-action';
import { WORK_TYPE_LABELS } from '../../../domain/labels';
import { defaultWorkType } from '../../../domain/quote';
import { serviceNotesSchema, WORK_TYPES } from '../../../domain/schemas/ticket.schema';
import { notesFormValues, serviceNotesPatch } from './service-notes-patch';

interface NotesFormProps {
  detail: TicketDetail;
  now: Date;
}

export function ServiceNotesForm(props: NotesFormProps) {
  // A saved form starts afresh from the mirror: nothing is left marked as changed. Keyed by the
  // ticket too, so another ticket never shows this one's unsaved input (STYLE 13).
  const [generation, setGeneration] = useState(0);
  return (
    <NotesForm
      key={`${props.detail.ticket.id}:${generation}`}
      {...props}
      onSaved={() => setGeneration((n) => n + 1)}
    />
  );
}

function NotesForm({ detail, now, onSaved }: NotesFormProps & { onSaved: () => void }) {
  const { ticket, chair } = detail;
  const { run } = useAction();
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
      { success: { title: 'Service notes updated successfully' } },
    );
    if (ok) onSaved();
  });

  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      <Stack gap="5">
        <FormField label="Work performed">
          <Textarea rows={4} {...register('workPerformed')} />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Time spent (minutes)" error={errors.timeSpent?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              size="lg"
              {...register('timeSpent', { valueAsNumber: true })}
            />
          </FormField>
          <FormField
            label="Work type"
            helper="Defaults to Warranty while the chair's warranty is confirmed and running."
          >
            <NativeSelect.Root size="lg">
              <NativeSelect.Field {...register('workType')}>
                {WORK_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {WORK_TYPE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </SimpleGrid>
        <FormField label="Damage description">
          <Textarea rows={2} {...register('damageDescription')} />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Condition before service">
            <Textarea rows={2} {...register('conditionReport.beforeService')} />
          </FormField>
          <FormField label="Condition after service">
            <Textarea rows={2} {...register('conditionReport.afterService')} />
          </FormField>
        </SimpleGrid>
        <FormField label="Recommendations">
          <Textarea rows={2} {...register('conditionReport.recommendations')} />
        </FormField>
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
          <FormField label="Follow-up notes">
            <Textarea rows={2} {...register('followUpNotes')} />
          </FormField>
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
