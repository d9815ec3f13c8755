/**
 * Add Part / Edit Part (issue 16: the Parts screen's Add and Edit controls work): name required,
 * optional part code, model and diagram URL, price and stock 0 or more. Edit starts from the
 * stored part; both write through the queued 'part.add' / 'part.update' actions.
 */
import { Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { FormField, TextField } from '../../../components/form-field';
import { useUnsavedInput } from '../../../components/unsaved-input';
import { useAction } from '../../../data/use-action';
import { chairModels } from '../../../domain/chair-models';
import type { Part } from '../../../domain/entities';
import {
  partFields,
  partFormSchema,
  type PartFormInput,
  type PartFormValues,
} from '../../../domain/schemas/catalogue.schema';

const formValues = (part: Part | null): PartFormInput => ({
  name: part?.name ?? '',
  partCode: part?.partCode ?? '',
  model: part?.model ?? '',
  diagramUrl: part?.diagramUrl ?? '',
  price: part?.price ?? 0,
  stock: part?.stock ?? 0,
});

/** `part` null adds a part; a part edits it. Mount with `key` so each opening starts afresh. */
export function PartDialog({ part, onClose }: { part: Part | null; onClose: () => void }) {
  const { run } = useAction();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<PartFormInput, unknown, PartFormValues>({
    resolver: zodResolver(partFormSchema),
    defaultValues: formValues(part),
  });
  useUnsavedInput(isDirty && !isSubmitting);

  const submit = async (values: PartFormValues) => {
    const fields = partFields(values);
    const ok = part
      ? await run(
          'part.update',
          { partId: part.id, ...fields },
          { success: { title: 'Part updated successfully' }, failure: 'Failed to update part' },
        )
      : await run(
          'part.add',
          { id: crypto.randomUUID(), ...fields },
          { success: { title: 'Part added successfully' }, failure: 'Failed to add part' },
        );
    if (ok) onClose();
  };

  return (
    <FormDialog
      title={part ? 'Edit Part' : 'Add Part'}
      onClose={onClose}
      size="lg"
      formId="part-form"
      formLabel="Part"
      submitLabel={part ? 'Save Changes' : 'Add Part'}
      submitting={isSubmitting}
      onSubmit={handleSubmit(submit)}
    >
      <TextField
        label="Name"
        required
        error={errors.name?.message}
        registration={register('name')}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label="Part Code" registration={register('partCode')} />
        <FormField label="Model">
          <NativeSelect.Root size="lg">
            <NativeSelect.Field {...register('model')}>
              <option value="">All models</option>
              {chairModels.map((m) => (
                <option key={m.model} value={m.model}>
                  {m.modelName}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Price (GBP)" required error={errors.price?.message}>
          <Input
            size="lg"
            type="number"
            step="0.01"
            min="0"
            {...register('price', { valueAsNumber: true })}
          />
        </FormField>
        <FormField label="Stock" required error={errors.stock?.message}>
          <Input
            size="lg"
            type="number"
            step="1"
            min="0"
            {...register('stock', { valueAsNumber: true })}
          />
        </FormField>
      </SimpleGrid>
      <TextField
        label="Diagram URL"
        type="url"
        error={errors.diagramUrl?.message}
        registration={register('diagramUrl')}
      />
    </FormDialog>
  );
}
