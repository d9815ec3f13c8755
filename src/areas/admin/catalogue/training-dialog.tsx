/**
 * Add / Edit Training Resource (issue 16: the Training screen's Add and Edit controls work):
 * title and type required, an optional link, FAQ text (an FAQ needs its text or a link). Writes
 * through the queued 'training.add' / 'training.update' actions.
 */
import { NativeSelect, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { FormField, TextField } from '../../../components/form-field';
import { useUnsavedInput } from '../../../components/unsaved-input';
import { useAction } from '../../../data/use-action';
import type { TrainingResource } from '../../../domain/entities';
import { TRAINING_TYPE_NAMES } from '../../../domain/admin-catalogue';
import {
  trainingFields,
  trainingFormSchema,
  type TrainingFormValues,
} from '../../../domain/schemas/catalogue.schema';

const formValues = (resource: TrainingResource | null): TrainingFormValues => ({
  title: resource?.title ?? '',
  type: resource?.type ?? 'VIDEO',
  url: resource?.url ?? '',
  content: resource?.content ?? '',
});

/** `resource` null adds one; a resource edits it. Mount with `key` so each opening starts afresh. */
export function TrainingDialog({
  resource,
  onClose,
}: {
  resource: TrainingResource | null;
  onClose: () => void;
}) {
  const { run } = useAction();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<TrainingFormValues>({
    resolver: zodResolver(trainingFormSchema),
    defaultValues: formValues(resource),
  });
  useUnsavedInput(isDirty && !isSubmitting);

  const submit = async (values: TrainingFormValues) => {
    const fields = trainingFields(values);
    const ok = resource
      ? await run(
          'training.update',
          { trainingId: resource.id, ...fields },
          {
            success: { title: 'Training resource updated' },
            failure: 'Failed to update training resource',
          },
        )
      : await run(
          'training.add',
          { id: crypto.randomUUID(), ...fields },
          {
            success: { title: 'Training resource added' },
            failure: 'Failed to add training resource',
          },
        );
    if (ok) onClose();
  };

  return (
    <FormDialog
      title={resource ? 'Edit Training Resource' : 'Add Training Resource'}
      onClose={onClose}
      size="lg"
      formId="training-form"
      formLabel="Training resource"
      submitLabel={resource ? 'Save Changes' : 'Add Resource'}
      submitting={isSubmitting}
      onSubmit={handleSubmit(submit)}
    >
      <TextField
        label="Title"
        required
        error={errors.title?.message}
        registration={register('title')}
      />
      <FormField label="Type" required>
        <NativeSelect.Root size="lg">
          <NativeSelect.Field {...register('type')}>
            {Object.entries(TRAINING_TYPE_NAMES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <TextField
        label="URL"
        type="url"
        error={errors.url?.message}
        registration={register('url')}
      />
      <FormField label="Content" helper="The FAQ answer" error={errors.content?.message}>
        <Textarea rows={4} {...register('content')} />
      </FormField>
    </FormDialog>
  );
}
